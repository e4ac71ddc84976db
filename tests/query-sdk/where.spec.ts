/**
 * `where` through the official SDK: a table of predicates per resource type, each operator with
 * cases that match and cases that do not. Every case asserts the exact result set, `count` and
 * `total`. See world.ts for the data (customers are named by first name, the rest by key).
 */
import { test, expect } from '../support/sdk.js';
import { labels, list, variables, withIds, type ListResource } from './support.js';
import { seedWorld } from './world.js';

interface Case {
  where: string | string[];
  /** `var.<name>` parameters; an array repeats the parameter. */
  vars?: Record<string, string | string[]>;
  /** Extra query arguments (e.g. `staged` on projections). */
  args?: Record<string, string | boolean>;
  expected: string[];
}

const ALL_CUSTOMERS = ['Anna', 'Ben', 'Clara', 'Dora'];

const tables: Record<ListResource, Case[]> = {
  customers: [
    // = and case sensitivity, quotes and escapes
    { where: 'firstName = "Anna"', expected: ['Anna'] },
    { where: "firstName = 'Anna'", expected: ['Anna'] },
    { where: 'firstName = "anna"', expected: [] },
    { where: 'lastName = "Schmidt"', expected: ['Anna', 'Dora'] },
    { where: 'lastName = "O\'Neil"', expected: ['Clara'] },
    { where: "lastName = 'O\\'Neil'", expected: ['Clara'] },
    { where: 'email = "ben@example.com"', expected: ['Ben'] },
    { where: 'firstName = "\\u0041nna"', expected: ['Anna'] },
    { where: 'custom(fields(points = 1.2e3))', expected: ['Anna'] },
    // != and <> (a value must be present)
    { where: 'firstName != "Anna"', expected: ['Ben', 'Clara', 'Dora'] },
    { where: 'firstName <> "Anna"', expected: ['Ben', 'Clara', 'Dora'] },
    { where: 'lastName != "Schmidt"', expected: ['Ben', 'Clara'] },
    { where: 'key != "anna"', expected: ['Ben', 'Dora'] },
    { where: 'email != "nobody@example.com"', expected: ALL_CUSTOMERS },
    // < > <= >= on strings
    { where: 'lastName < "Miller"', expected: [] },
    { where: 'lastName <= "Miller"', expected: ['Ben'] },
    { where: 'lastName > "Miller"', expected: ['Anna', 'Clara', 'Dora'] },
    { where: 'lastName >= "Schmidt"', expected: ['Anna', 'Dora'] },
    { where: 'lastName > "Schmidt"', expected: [] },
    // dates: ISO strings compare chronologically; a missing value never matches
    { where: 'dateOfBirth = "1990-05-01"', expected: ['Anna'] },
    { where: 'dateOfBirth < "1990-01-01"', expected: ['Dora'] },
    { where: 'dateOfBirth < "1985-01-31"', expected: [] },
    { where: 'dateOfBirth <= "1990-05-01"', expected: ['Anna', 'Dora'] },
    { where: 'dateOfBirth > "1990-05-01"', expected: ['Ben'] },
    { where: 'dateOfBirth >= "1990-05-01"', expected: ['Anna', 'Ben'] },
    { where: 'dateOfBirth > "2001-11-20"', expected: [] },
    { where: 'createdAt > "2000-01-01T00:00:00.000Z"', expected: ALL_CUSTOMERS },
    { where: 'createdAt < "2000-01-01T00:00:00.000Z"', expected: [] },
    { where: 'createdAt > "2000-01-01"', expected: ALL_CUSTOMERS },
    // booleans
    { where: 'isEmailVerified = true', expected: ['Anna', 'Clara'] },
    { where: 'isEmailVerified = false', expected: ['Ben', 'Dora'] },
    { where: 'isEmailVerified != true', expected: ['Ben', 'Dora'] },
    // and / or / not / parentheses / precedence (and binds tighter than or)
    { where: 'firstName = "Anna" or firstName = "Ben"', expected: ['Anna', 'Ben'] },
    { where: 'firstName = "Anna" or firstName = "Nobody"', expected: ['Anna'] },
    { where: 'lastName = "Schmidt" and isEmailVerified = true', expected: ['Anna'] },
    { where: 'lastName = "Schmidt" and isEmailVerified = true and firstName = "Dora"', expected: [] },
    { where: 'not(lastName = "Schmidt")', expected: ['Ben', 'Clara'] },
    { where: 'not (firstName = "Nobody")', expected: ALL_CUSTOMERS },
    { where: 'not(not(firstName = "Anna"))', expected: ['Anna'] },
    { where: 'firstName = "Ben" or lastName = "Schmidt" and isEmailVerified = true', expected: ['Anna', 'Ben'] },
    { where: '(firstName = "Ben" or lastName = "Schmidt") and isEmailVerified = true', expected: ['Anna'] },
    { where: 'lastName = "Schmidt" and isEmailVerified = true or firstName = "Ben"', expected: ['Anna', 'Ben'] },
    { where: 'lastName = "Schmidt" and (isEmailVerified = true or firstName = "Ben")', expected: ['Anna'] },
    { where: 'not(firstName = "Ben" or firstName = "Clara") and isEmailVerified = false', expected: ['Dora'] },
    { where: '((firstName = "Anna"))', expected: ['Anna'] },
    { where: 'firstName = "Anna" OR firstName = "Ben" AND isEmailVerified = TRUE', expected: ['Anna'] },
    // in / not in
    { where: 'firstName in ("Anna", "Ben", "Zoe")', expected: ['Anna', 'Ben'] },
    { where: 'firstName in ("Zoe")', expected: [] },
    { where: 'firstName not in ("Anna", "Ben")', expected: ['Clara', 'Dora'] },
    { where: 'firstName not in ("Zoe")', expected: ALL_CUSTOMERS },
    { where: 'key in ("anna", "dora")', expected: ['Anna', 'Dora'] },
    { where: 'key not in ("anna")', expected: ['Ben', 'Dora'] },
    // is defined / is not defined
    { where: 'middleName is defined', expected: ['Clara'] },
    { where: 'middleName is not defined', expected: ['Anna', 'Ben', 'Dora'] },
    { where: 'key is not defined', expected: ['Clara'] },
    { where: 'custom is defined', expected: ['Anna', 'Ben', 'Dora'] },
    { where: 'custom is not defined', expected: ['Clara'] },
    { where: 'email is not defined', expected: [] },
    // nesting into an array of objects: any element matches; conditions in one group hold for one element
    { where: 'addresses(country = "DE")', expected: ['Anna', 'Dora'] },
    { where: 'addresses(country = "IT")', expected: [] },
    { where: 'addresses(country = "FR" and city = "Paris")', expected: ['Anna'] },
    { where: 'addresses(country = "DE" and city = "Paris")', expected: [] },
    { where: 'addresses(country = "DE") and addresses(city = "Paris")', expected: ['Anna'] },
    { where: 'addresses(country != "DE")', expected: ['Anna', 'Ben'] },
    { where: 'addresses(city in ("Boston", "Munich"))', expected: ['Ben', 'Dora'] },
    { where: 'addresses(state is defined)', expected: ['Ben'] },
    { where: 'addresses(key = "work")', expected: ['Anna'] },
    { where: 'addresses(postalCode >= "20000")', expected: ['Anna'] },
    // is empty / is not empty
    { where: 'addresses is empty', expected: ['Clara'] },
    { where: 'addresses is not empty', expected: ['Anna', 'Ben', 'Dora'] },
    { where: 'shippingAddressIds is empty', expected: ['Ben', 'Clara', 'Dora'] },
    { where: 'shippingAddressIds is not empty', expected: ['Anna'] },
    { where: 'stores is not empty', expected: [] },
    // references
    { where: 'customerGroup(id = "{{groups.gold}}")', expected: ['Anna', 'Dora'] },
    { where: 'customerGroup(id = "{{groups.silver}}")', expected: ['Ben'] },
    { where: 'customerGroup(id = "00000000-0000-0000-0000-000000000000")', expected: [] },
    { where: 'customerGroup(typeId = "customer-group")', expected: ['Anna', 'Ben', 'Dora'] },
    { where: 'customerGroup(id in ("{{groups.gold}}", "{{groups.silver}}"))', expected: ['Anna', 'Ben', 'Dora'] },
    { where: 'customerGroup(id != "{{groups.gold}}")', expected: ['Ben'] },
    { where: 'customerGroup is defined', expected: ['Anna', 'Ben', 'Dora'] },
    { where: 'customerGroup is not defined', expected: ['Clara'] },
    { where: 'customerGroup(obj(key = "gold"))', expected: [] },
    { where: 'custom(type(id = "{{customerType}}"))', expected: ['Anna', 'Ben', 'Dora'] },
    // custom fields: strings, numbers, booleans, dates, sets
    { where: 'custom(fields(tier = "gold"))', expected: ['Anna'] },
    { where: 'custom(fields(tier = "platinum"))', expected: [] },
    { where: 'custom(fields(tier in ("gold", "bronze")))', expected: ['Anna', 'Dora'] },
    { where: 'custom(fields(tier not in ("gold", "bronze")))', expected: ['Ben'] },
    { where: 'custom(fields(points = 80))', expected: ['Ben'] },
    { where: 'custom(fields(points = 81))', expected: [] },
    { where: 'custom(fields(points != 80))', expected: ['Anna', 'Dora'] },
    { where: 'custom(fields(points > 100))', expected: ['Anna'] },
    { where: 'custom(fields(points > 1200))', expected: [] },
    { where: 'custom(fields(points >= 80))', expected: ['Anna', 'Ben'] },
    { where: 'custom(fields(points < 80))', expected: ['Dora'] },
    { where: 'custom(fields(points <= 0))', expected: ['Dora'] },
    { where: 'custom(fields(points < -1))', expected: [] },
    { where: 'custom(fields(points > 79.5 and points < 80.5))', expected: ['Ben'] },
    { where: 'custom(fields(points in (0, 1200)))', expected: ['Anna', 'Dora'] },
    { where: 'custom(fields(newsletter = true))', expected: ['Anna'] },
    { where: 'custom(fields(newsletter = false))', expected: ['Ben'] },
    { where: 'custom(fields(newsletter is defined))', expected: ['Anna', 'Ben'] },
    { where: 'not(custom(fields(newsletter is defined)))', expected: ['Clara', 'Dora'] },
    { where: 'custom(fields(memberSince > "2020-01-01"))', expected: ['Ben'] },
    { where: 'custom(fields(memberSince < "2019-01-01"))', expected: [] },
    // date-times compare as instants, whatever the offset
    { where: 'custom(fields(lastLogin = "2024-05-01T12:00:00+02:00"))', expected: ['Anna'] },
    { where: 'custom(fields(lastLogin = "2024-05-01T10:00:00Z"))', expected: ['Anna'] },
    { where: 'custom(fields(lastLogin < "2024-05-01T11:00:00+02:00"))', expected: [] },
    { where: 'custom(fields(lastLogin > "2024-05-01T11:00:00+02:00"))', expected: ['Anna', 'Ben'] },
    { where: 'custom(fields(lastLogin >= "2024-06-01"))', expected: ['Ben'] },
    { where: 'custom(fields(tags contains any ("vip", "other")))', expected: ['Anna'] },
    { where: 'custom(fields(tags contains any ("newsletter")))', expected: ['Anna', 'Ben'] },
    { where: 'custom(fields(tags contains any ("other")))', expected: [] },
    { where: 'custom(fields(tags contains all ("vip", "newsletter")))', expected: ['Anna'] },
    { where: 'custom(fields(tags contains all ("newsletter")))', expected: ['Anna', 'Ben'] },
    { where: 'custom(fields(tags contains all ("newsletter", "other")))', expected: [] },
    { where: 'custom(fields(tags is empty))', expected: ['Dora'] },
    { where: 'custom(fields(tags is not empty))', expected: ['Anna', 'Ben'] },
    { where: 'custom(fields(tags = "vip"))', expected: ['Anna'] },
    { where: 'custom(fields(tier = "gold")) or addresses(country = "US")', expected: ['Anna', 'Ben'] },
    // input variables (a variable read as text, number, boolean or date, whichever the value needs)
    { where: 'firstName = :name', vars: { name: 'Anna' }, expected: ['Anna'] },
    { where: 'firstName = :name', vars: { name: 'Nobody' }, expected: [] },
    { where: 'firstName in :names', vars: { names: ['Anna', 'Dora'] }, expected: ['Anna', 'Dora'] },
    { where: 'firstName in :names', vars: { names: ['Zoe'] }, expected: [] },
    { where: 'firstName not in :names', vars: { names: ['Anna', 'Dora'] }, expected: ['Ben', 'Clara'] },
    { where: 'firstName in (:first, :second)', vars: { first: 'Ben', second: 'Clara' }, expected: ['Ben', 'Clara'] },
    { where: 'custom(fields(points > :min))', vars: { min: '100' }, expected: ['Anna'] },
    { where: 'custom(fields(points > :min))', vars: { min: '5000' }, expected: [] },
    { where: 'isEmailVerified = :verified', vars: { verified: 'true' }, expected: ['Anna', 'Clara'] },
    { where: 'dateOfBirth < :date', vars: { date: '1990-01-01' }, expected: ['Dora'] },
    { where: 'customerGroup(id = :group)', vars: { group: '{{groups.silver}}' }, expected: ['Ben'] },
    { where: 'custom(fields(tags contains all :tags))', vars: { tags: ['vip', 'newsletter'] }, expected: ['Anna'] },
    { where: 'custom(fields(tags contains any :tags))', vars: { tags: ['other', 'none'] }, expected: [] },
    { where: 'lastName = :last and firstName != :first', vars: { last: 'Schmidt', first: 'Anna' }, expected: ['Dora'] },
    // several where parameters combine with and
    { where: ['lastName = "Schmidt"', 'isEmailVerified = false'], expected: ['Dora'] },
    { where: ['addresses(country = "DE")', 'custom(fields(points > 100))'], expected: ['Anna'] },
    { where: ['firstName = "Anna"', 'firstName = "Ben"'], expected: [] },
    { where: ['firstName = "Anna" or firstName = "Ben"', 'firstName = "Ben" or firstName = "Clara"'], expected: ['Ben'] },
    { where: ['lastName = :last', 'firstName in :first'], vars: { last: 'Schmidt', first: ['Dora', 'Ben'] }, expected: ['Dora'] },
  ],

  categories: [
    { where: 'key = "men"', expected: ['men'] },
    { where: 'key = "Men"', expected: [] },
    // localized strings
    { where: 'name(en = "Men")', expected: ['men'] },
    { where: 'name(de = "Herren")', expected: ['men'] },
    { where: 'name(en = "Herren")', expected: [] },
    { where: 'name(en = "Men" or de = "Damen")', expected: ['men', 'women'] },
    { where: 'name(en > "S")', expected: ['shirts', 'women', 'sale'] },
    { where: 'name(en < "Men")', expected: ['clothing'] },
    { where: 'name(en <= "Men")', expected: ['clothing', 'men'] },
    { where: 'name(de is defined)', expected: ['clothing', 'men', 'shirts', 'women'] },
    { where: 'name(de is not defined)', expected: ['sale'] },
    { where: 'name(fr is defined)', expected: [] },
    { where: 'slug(en in ("men", "women"))', expected: ['men', 'women'] },
    { where: 'description(en = "All shirts")', expected: ['shirts'] },
    { where: 'description is defined', expected: ['shirts'] },
    // the parent reference and the ancestors array of references
    { where: 'parent(id = "{{categories.clothing}}")', expected: ['men', 'women'] },
    { where: 'parent(id = "{{categories.men}}")', expected: ['shirts'] },
    { where: 'parent(id = "{{categories.shirts}}")', expected: [] },
    { where: 'parent is defined', expected: ['men', 'shirts', 'women'] },
    { where: 'parent is not defined', expected: ['clothing', 'sale'] },
    { where: 'ancestors(id = "{{categories.clothing}}")', expected: ['men', 'shirts', 'women'] },
    { where: 'ancestors(id = "{{categories.men}}")', expected: ['shirts'] },
    { where: 'ancestors is empty', expected: ['clothing', 'sale'] },
    { where: 'ancestors is not empty', expected: ['men', 'shirts', 'women'] },
    { where: 'not(ancestors is empty) and name(de = "Hemden")', expected: ['shirts'] },
    // strings that look like numbers compare as strings
    { where: 'orderHint > "0.25"', expected: ['clothing', 'shirts', 'sale'] },
    { where: 'orderHint < "0.2"', expected: ['women'] },
    { where: 'orderHint = "0.5"', expected: ['clothing'] },
    { where: 'orderHint = 0.5', expected: [] },
    { where: 'externalId is defined', expected: ['clothing'] },
    { where: 'externalId = "ext-2"', expected: [] },
    { where: 'key in ("men", "sale") and parent is not defined', expected: ['sale'] },
    { where: 'parent(id = :parent)', vars: { parent: '{{categories.clothing}}' }, expected: ['men', 'women'] },
  ],

  channels: [
    // within circle(longitude, latitude, radius in metres)
    { where: 'geoLocation within circle(13.405, 52.52, 1000)', expected: ['berlin'] },
    { where: 'geoLocation within circle(13.405, 52.52, 25000)', expected: ['berlin'] },
    { where: 'geoLocation within circle(13.405, 52.52, 30000)', expected: ['berlin', 'potsdam'] },
    { where: 'geoLocation within circle(13.405, 52.52, 600000)', expected: ['berlin', 'potsdam', 'munich'] },
    { where: 'geoLocation within circle(2.3522, 48.8566, 100000)', expected: [] },
    { where: 'geoLocation within circle(11.582, 48.1351, 10)', expected: ['munich'] },
    { where: 'geoLocation within circle(13.405, 52.52, 30000) and roles contains any ("ProductDistribution")', expected: ['berlin'] },
    { where: 'not(geoLocation within circle(13.405, 52.52, 30000))', expected: ['munich', 'online'] },
    { where: 'geoLocation is defined', expected: ['berlin', 'potsdam', 'munich'] },
    { where: 'geoLocation is not defined', expected: ['online'] },
    // arrays of enum values
    { where: 'roles contains any ("Primary", "OrderExport")', expected: ['munich'] },
    { where: 'roles contains any ("OrderImport")', expected: [] },
    { where: 'roles contains all ("InventorySupply", "ProductDistribution")', expected: ['berlin'] },
    { where: 'roles contains all ("ProductDistribution")', expected: ['berlin', 'munich', 'online'] },
    { where: 'roles contains all ("Primary", "InventorySupply")', expected: [] },
    { where: 'roles = "Primary"', expected: ['munich'] },
    { where: 'roles in ("Primary", "OrderExport")', expected: ['munich'] },
    { where: 'roles not in ("InventorySupply")', expected: ['munich', 'online'] },
    { where: 'roles is not empty', expected: ['berlin', 'potsdam', 'munich', 'online'] },
    { where: 'roles is empty', expected: [] },
    { where: 'name(en = "potsdam")', expected: ['potsdam'] },
    { where: 'key in ("berlin", "online") and geoLocation is defined', expected: ['berlin'] },
  ],

  products: [
    { where: 'key = "blue-jeans"', expected: ['blue-jeans'] },
    { where: 'productType(id = "{{productType}}")', expected: ['red-shirt', 'blue-jeans', 'green-cap'] },
    { where: 'masterData(published = true)', expected: ['red-shirt', 'green-cap'] },
    { where: 'masterData(published = false)', expected: ['blue-jeans'] },
    { where: 'masterData(current(name(en = "Red Shirt")))', expected: ['red-shirt'] },
    { where: 'masterData(current(name(en = "red shirt")))', expected: [] },
    { where: 'masterData(current(name(de is not defined)))', expected: ['blue-jeans'] },
    { where: 'masterData(current(slug(en = "green-cap")))', expected: ['green-cap'] },
    { where: 'masterData(staged(name(en = "Blue Jeans")))', expected: ['blue-jeans'] },
    { where: 'masterData(current(masterVariant(sku = "BJ-1")))', expected: ['blue-jeans'] },
    { where: 'masterData(current(masterVariant(sku = "RS-2")))', expected: [] },
    { where: 'masterData(current(variants(sku = "RS-2")))', expected: ['red-shirt'] },
    { where: 'masterData(current(masterVariant(sku in ("RS-1", "GC-1"))))', expected: ['red-shirt', 'green-cap'] },
    { where: 'masterData(current(variants is empty))', expected: ['blue-jeans', 'green-cap'] },
    { where: 'masterData(current(variants is not empty))', expected: ['red-shirt'] },
    // attributes: text, number and enum values
    { where: 'masterData(current(masterVariant(attributes(name = "color" and value = "blue"))))', expected: ['blue-jeans'] },
    { where: 'masterData(current(variants(attributes(name = "color" and value = "blue"))))', expected: ['red-shirt'] },
    { where: 'masterData(current(masterVariant(attributes(name = "color" and value = "purple"))))', expected: [] },
    { where: 'masterData(current(masterVariant(attributes(name = "weight" and value > 300))))', expected: ['blue-jeans'] },
    { where: 'masterData(current(masterVariant(attributes(name = "weight" and value <= 200))))', expected: ['red-shirt'] },
    { where: 'masterData(current(masterVariant(attributes(name = "fit" and value(key = "slim")))))', expected: ['red-shirt'] },
    {
      where: 'masterData(current(masterVariant(attributes(name = "fit" and value(key in ("slim", "loose"))))))',
      expected: ['red-shirt', 'green-cap'],
    },
    {
      where:
        'masterData(current(masterVariant(attributes(name = "fit")))) and masterData(current(masterVariant(attributes(name = "weight"))))',
      expected: ['red-shirt'],
    },
    {
      where:
        'masterData(current(masterVariant(attributes(name = "weight" and value = 650)) or variants(attributes(name = "weight" and value = 220))))',
      expected: ['red-shirt', 'blue-jeans'],
    },
    // categories (references in an array) and prices
    { where: 'masterData(current(categories(id = "{{categories.shirts}}")))', expected: ['red-shirt'] },
    { where: 'masterData(current(categories(id = "{{categories.women}}")))', expected: [] },
    { where: 'masterData(current(categories is empty))', expected: ['green-cap'] },
    { where: 'masterData(current(masterVariant(prices(value(centAmount < 1000)))))', expected: ['green-cap'] },
    {
      where: 'masterData(current(masterVariant(prices(value(currencyCode = "EUR" and centAmount >= 1999)))))',
      expected: ['red-shirt', 'blue-jeans'],
    },
    { where: 'masterData(current(masterVariant(prices(value(currencyCode = "USD")))))', expected: [] },
  ],

  'product-projections': [
    // only published products, their current data (staged=false is the default)
    { where: 'name(en = "Red Shirt")', expected: ['red-shirt'] },
    { where: 'name(en = "Blue Jeans")', expected: [] },
    { where: 'name(en = "Blue Jeans")', args: { staged: true }, expected: ['blue-jeans'] },
    { where: 'masterVariant(sku in ("RS-1", "GC-1", "BJ-1"))', expected: ['red-shirt', 'green-cap'] },
    { where: 'masterVariant(sku in ("RS-1", "GC-1", "BJ-1"))', args: { staged: true }, expected: ['red-shirt', 'blue-jeans', 'green-cap'] },
    { where: 'variants(attributes(name = "color" and value = "blue"))', expected: ['red-shirt'] },
    { where: 'variants(attributes(name = "color" and value = "red"))', expected: [] },
    { where: 'masterVariant(attributes(name = "fit" and value(key = "loose")))', expected: ['green-cap'] },
    { where: 'categories(id = "{{categories.sale}}")', expected: ['red-shirt'] },
    { where: 'categories is empty', expected: ['green-cap'] },
    { where: 'name(de = "Grüne Mütze")', expected: ['green-cap'] },
    { where: 'slug(de is defined)', expected: ['red-shirt'] },
    { where: 'masterVariant(prices(value(centAmount > :min)))', vars: { min: '1000' }, expected: ['red-shirt'] },
  ],

  stores: [
    { where: 'languages contains all ("de", "en")', expected: ['berlin-store'] },
    { where: 'languages contains all ("de", "fr")', expected: [] },
    { where: 'languages contains any ("en")', expected: ['berlin-store', 'paris-store'] },
    { where: 'languages contains any ("it")', expected: [] },
    { where: 'languages = "fr"', expected: ['paris-store'] },
    { where: 'languages is empty', expected: ['global'] },
    { where: 'languages is not empty', expected: ['berlin-store', 'paris-store'] },
    { where: 'countries(code = "FR")', expected: ['paris-store'] },
    { where: 'countries(code in ("DE", "FR"))', expected: ['berlin-store', 'paris-store'] },
    { where: 'countries(code = "IT")', expected: [] },
    { where: 'countries is empty', expected: ['global'] },
    { where: 'name(fr is defined)', expected: ['paris-store'] },
    { where: 'name is not defined', expected: ['global'] },
    { where: 'key != "global" and languages contains any ("de")', expected: ['berlin-store'] },
  ],

  'tax-categories': [
    { where: 'rates(country = "DE" and amount = 0.19)', expected: ['standard'] },
    { where: 'rates(country = "DE" and amount = 0.2)', expected: [] },
    { where: 'rates(country = "DE") and rates(amount = 0.2)', expected: ['standard'] },
    { where: 'rates(amount > 0.1)', expected: ['standard'] },
    { where: 'rates(amount < 0.1)', expected: ['standard', 'reduced'] },
    { where: 'rates(amount >= 0.07 and amount <= 0.07)', expected: ['reduced'] },
    { where: 'rates(amount > 0.5)', expected: [] },
    { where: 'rates(includedInPrice = false)', expected: ['standard'] },
    { where: 'rates(state = "NY")', expected: ['standard'] },
    { where: 'rates(state is defined)', expected: ['standard'] },
    { where: 'rates(country in ("FR", "US"))', expected: ['standard'] },
    { where: 'rates(country not in ("DE"))', expected: ['standard'] },
    { where: 'rates is empty', expected: ['zero'] },
    { where: 'rates is not empty', expected: ['standard', 'reduced'] },
    { where: 'name = "zero"', expected: ['zero'] },
  ],

  'customer-groups': [
    { where: 'key = "gold"', expected: ['gold'] },
    { where: 'name = "Silver"', expected: ['silver'] },
    { where: 'key in ("gold", "bronze")', expected: ['gold'] },
    { where: 'key not in ("gold", "silver")', expected: [] },
  ],
};

const everything: Record<ListResource, string[]> = {
  customers: ALL_CUSTOMERS,
  categories: ['clothing', 'men', 'shirts', 'women', 'sale'],
  channels: ['berlin', 'potsdam', 'munich', 'online'],
  products: ['red-shirt', 'blue-jeans', 'green-cap'],
  'product-projections': ['red-shirt', 'green-cap'],
  stores: ['berlin-store', 'paris-store', 'global'],
  'tax-categories': ['standard', 'reduced', 'zero'],
  'customer-groups': ['gold', 'silver'],
};

const sorted = (values: readonly string[]) => [...values].sort();

for (const [resource, cases] of Object.entries(tables) as Array<[ListResource, Case[]]>) {
  test.describe(`where on ${resource}`, () => {
    test('without where: every seeded resource (the baseline of the table)', async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const page = await list(apiRoot, resource);
      expect(sorted(labels(resource, page))).toEqual(sorted(everything[resource]));
      expect(page.count).toBe(everything[resource].length);
      expect(page.total).toBe(everything[resource].length);
    });

    const seen = new Set<string>();
    for (const c of cases) {
      const predicates = [c.where].flat();
      let title = `${predicates.map((p) => `where=${p}`).join(' & ')}${c.vars ? ` ${JSON.stringify(c.vars)}` : ''}${c.args ? ` ${JSON.stringify(c.args)}` : ''}`;
      if (seen.has(title)) throw new Error(`duplicate case ${title}`);
      seen.add(title);
      title += ` → [${c.expected.join(', ')}]`;

      test(title, async ({ mock, apiRoot }) => {
        const world = seedWorld(mock);
        const where = predicates.map((p) => withIds(p, world));
        const page = await list(apiRoot, resource, {
          where: where.length === 1 ? where[0]! : where,
          ...variables(c.vars, world),
          ...c.args,
          limit: 500,
        });
        expect(sorted(labels(resource, page))).toEqual(sorted(c.expected));
        expect(page.count).toBe(c.expected.length);
        expect(page.total).toBe(c.expected.length);
        expect(page.offset).toBe(0);
        expect(page.limit).toBe(500);
      });
    }
  });
}
