/**
 * The address book customers and business units share: addresses (each with an id, optionally a
 * key), the ids of those used for shipping and for billing, and a default of each. One set of update
 * actions serves both types; what differs between them is a rule passed in.
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import {
  type Address,
  addressFromDraft,
  applyCustomField,
  applyCustomType,
  type CustomFields,
  type CustomMessages,
  emitsCustomField,
  emitsCustomType,
  SetCustomField,
  SetCustomType,
} from '../engine/common-actions.js';
import { action, emits, type UpdateAction } from '../engine/define.js';
import { BaseAddress } from '../engine/draft-fields.js';

export interface AddressBook {
  addresses: Address[];
  shippingAddressIds: string[];
  billingAddressIds: string[];
  defaultShippingAddressId?: string;
  defaultBillingAddressId?: string;
}

/** The id of the draft's address at `index`, as a draft's `shippingAddresses`, `defaultBillingAddress`, ... name it. */
export function addressIdAt(addresses: Address[], index: number | undefined, field: string): string | undefined {
  if (index === undefined) return undefined;
  const address = addresses[index];
  if (!address) throw errors.invalidOperation(`The index ${index} of '${field}' does not point to an address of the draft.`);
  return address.id;
}

export interface AddressBookRules {
  /** The holder as errors name it: "The {holder} does not have an address with ...". */
  holder: 'customer' | 'business unit';
  /** Customers: an added address may not reuse the id of one already held (400 DuplicateField `addresses.id`). */
  uniqueIds?: boolean;
  /** Customers: `setAddressCustomType` / `setAddressCustomField` find the address by `addressKey` too; business units need its `addressId`. */
  customFieldsByAddressKey?: boolean;
  /** What its messages are called (`CustomerAddressAdded`, `BusinessUnitAddressAdded`) and how they name replaced custom values. */
  messages: Pick<CustomMessages, 'prefix' | 'naming'>;
}

const AddressLocator = z.object({ addressId: z.string().optional(), addressKey: z.string().optional() });
type AddressLocator = z.infer<typeof AddressLocator>;

const isUnnamed = (locator: AddressLocator) => locator.addressId === undefined && locator.addressKey === undefined;

function assertAddressKeyFree(book: AddressBook, key: string | undefined, exceptId?: string): void {
  if (key !== undefined && book.addresses.some((address) => address.key === key && address.id !== exceptId)) {
    throw errors.duplicateField('addresses.key', key);
  }
}

/** One use of addresses (shipping or billing): its list of ids and its default. */
function addressUse(ids: 'shippingAddressIds' | 'billingAddressIds', defaultId: 'defaultShippingAddressId' | 'defaultBillingAddressId') {
  const include = (book: AddressBook, id: string) => {
    if (!book[ids].includes(id)) book[ids].push(id);
  };
  const exclude = (book: AddressBook, id: string) => {
    book[ids] = book[ids].filter((entry) => entry !== id);
    if (book[defaultId] === id) delete book[defaultId];
  };
  return { include, exclude, defaultId };
}

/** The roles the address plays in the book, as address messages list them (`addressRoles`). */
function addressRoles(book: AddressBook, id: string): Array<'Shipping' | 'Billing'> {
  return [
    ...(book.shippingAddressIds.includes(id) ? ['Shipping' as const] : []),
    ...(book.billingAddressIds.includes(id) ? ['Billing' as const] : []),
  ];
}

const shipping = addressUse('shippingAddressIds', 'defaultShippingAddressId');
const billing = addressUse('billingAddressIds', 'defaultBillingAddressId');

/** The address actions of a type that holds an AddressBook, with that type's rules. */
export function addressBookActions(rules: AddressBookRules): Record<string, UpdateAction<AddressBook>> {
  /** The address named by `addressId` or `addressKey`. */
  const find = (book: AddressBook, locator: AddressLocator): Address => {
    if (isUnnamed(locator)) throw errors.invalidInput('Either addressId or addressKey is required.');
    const found = book.addresses.find((address) =>
      locator.addressId !== undefined ? address.id === locator.addressId : address.key === locator.addressKey,
    );
    if (!found) {
      const named = locator.addressId !== undefined ? `ID '${locator.addressId}'` : `key '${locator.addressKey}'`;
      throw errors.invalidInput(`The ${rules.holder} does not have an address with ${named}.`);
    }
    return found;
  };
  const { prefix } = rules.messages;
  const defaultAddress = (book: AddressBook, defaultId: typeof shipping.defaultId) => {
    const id = book[defaultId];
    return id === undefined ? {} : { address: book.addresses.find((address) => address.id === id) };
  };
  // Neither addressId nor addressKey: the default is unset (tolerated; the platform asks for one).
  const setDefault = (use: typeof shipping, message: string) =>
    emits(
      action(AddressLocator, (book: AddressBook, a) => {
        if (isUnnamed(a)) return void delete book[use.defaultId];
        const { id } = find(book, a);
        book[use.defaultId] = id;
        use.include(book, id);
      }),
      message,
      (book: AddressBook) => defaultAddress(book, use.defaultId),
    );
  const include = (use: typeof shipping, message: string) =>
    emits(
      action(AddressLocator, (book: AddressBook, a) => use.include(book, find(book, a).id)),
      message,
      (book: AddressBook, a) => ({ address: find(book, a) }),
    );
  const exclude = (use: typeof shipping, message: string) =>
    emits(
      action(AddressLocator, (book: AddressBook, a) => use.exclude(book, find(book, a).id)),
      message,
      (book: AddressBook, a) => ({ address: find(book, a) }),
    );
  const CustomFieldsLocator = rules.customFieldsByAddressKey ? AddressLocator : z.object({ addressId: z.string() });
  const addressCustom: CustomMessages<AddressBook> = {
    prefix: `${prefix}Address`,
    naming: rules.messages.naming,
    holder: (book, a) => find(book, a) as Address & { custom?: CustomFields },
    part: (book, a) => ({ addressId: find(book, a).id }),
  };

  return {
    addAddress: emits(
      action(
        () => z.object({ address: BaseAddress }),
        (book: AddressBook, a, ctx) => {
          assertAddressKeyFree(book, a.address.key);
          const address = addressFromDraft(a.address, ctx);
          if (rules.uniqueIds && book.addresses.some((existing) => existing.id === address.id)) {
            throw errors.duplicateField('addresses.id', address.id);
          }
          book.addresses.push(address);
        },
      ),
      `${prefix}AddressAdded`,
      (book: AddressBook) => ({ address: book.addresses.at(-1) }),
    ),
    changeAddress: emits(
      action(
        () => AddressLocator.extend({ address: BaseAddress }),
        (book: AddressBook, a, ctx) => {
          const current = find(book, a);
          assertAddressKeyFree(book, a.address.key, current.id);
          book.addresses[book.addresses.indexOf(current)] = addressFromDraft({ ...a.address, id: current.id }, ctx);
        },
      ),
      `${prefix}AddressChanged`,
      (book: AddressBook, a) => {
        const address = find(book, a);
        return { address, addressRoles: addressRoles(book, address.id) };
      },
    ),
    removeAddress: emits(
      action(AddressLocator, (book: AddressBook, a) => {
        const address = find(book, a);
        book.addresses = book.addresses.filter((entry) => entry !== address);
        shipping.exclude(book, address.id);
        billing.exclude(book, address.id);
      }),
      `${prefix}AddressRemoved`,
      (_book: AddressBook, _a, removed: { address: Address; addressRoles: string[] }) => removed,
      (book: AddressBook, a) => {
        const address = find(book, a);
        return { address, addressRoles: addressRoles(book, address.id) };
      },
    ),
    setDefaultShippingAddress: setDefault(shipping, `${prefix}DefaultShippingAddressSet`),
    setDefaultBillingAddress: setDefault(billing, `${prefix}DefaultBillingAddressSet`),
    addShippingAddressId: include(shipping, `${prefix}ShippingAddressAdded`),
    removeShippingAddressId: exclude(shipping, `${prefix}ShippingAddressRemoved`),
    addBillingAddressId: include(billing, `${prefix}BillingAddressAdded`),
    removeBillingAddressId: exclude(billing, `${prefix}BillingAddressRemoved`),
    setAddressCustomType: emitsCustomType(
      action(
        () => CustomFieldsLocator.extend(SetCustomType.shape),
        (book: AddressBook, a, ctx) => applyCustomType(find(book, a) as Address & { custom?: CustomFields }, a, ctx),
      ),
      addressCustom,
    ),
    setAddressCustomField: emitsCustomField(
      action(
        () => CustomFieldsLocator.extend(SetCustomField.shape),
        (book: AddressBook, a) => applyCustomField(find(book, a) as Address & { custom?: CustomFields }, a),
      ),
      addressCustom,
    ),
  };
}
