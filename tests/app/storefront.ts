/**
 * A small storefront that runs in its own process, as the apps our users test do: it talks to the
 * platform only through the official SDK, with the API and auth URLs from its environment, so under
 * test it talks to a `commerce-mock serve` it knows nothing about. Pages: the catalog, sign-in, the
 * signed-in customer's cart.
 *
 *   CTP_API_URL, CTP_AUTH_URL, CTP_PROJECT_KEY, CTP_CLIENT_ID, CTP_CLIENT_SECRET, PORT
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type ByProjectKeyRequestBuilder, type Cart, createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';

const config = {
  apiUrl: required('CTP_API_URL'),
  authUrl: required('CTP_AUTH_URL'),
  projectKey: required('CTP_PROJECT_KEY'),
  credentials: { clientId: required('CTP_CLIENT_ID'), clientSecret: required('CTP_CLIENT_SECRET') },
  port: Number(process.env.PORT ?? 3000),
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`storefront: set ${name}`);
  return value;
}

function apiRoot(builder: ClientBuilder): ByProjectKeyRequestBuilder {
  const client = builder.withHttpMiddleware({ host: config.apiUrl, httpClient: fetch }).build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: config.projectKey });
}

const { projectKey, authUrl: host, credentials } = config;
const scopes = [`manage_project:${projectKey}`];
const catalog = apiRoot(
  new ClientBuilder().withProjectKey(projectKey).withClientCredentialsFlow({ host, projectKey, credentials, scopes, httpClient: fetch }),
);

/** Signed-in sessions: the SDK client of each customer (password flow, token kept by the SDK). */
const sessions = new Map<string, { email: string; api: ByProjectKeyRequestBuilder }>();

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (value: { centAmount: number; currencyCode: string; fractionDigits?: number }) =>
  `${(value.centAmount / 10 ** (value.fractionDigits ?? 2)).toFixed(value.fractionDigits ?? 2)} ${value.currencyCode}`;

function page(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html><head><title>${html(title)}</title></head><body><h1>${html(title)}</h1>${body}</body></html>`);
}

function redirect(response: ServerResponse, location: string, cookie?: string): void {
  response.writeHead(303, { location, ...(cookie ? { 'set-cookie': cookie } : {}) });
  response.end();
}

async function form(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

function session(request: IncomingMessage) {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  return sid ? sessions.get(sid) : undefined;
}

async function activeCart(api: ByProjectKeyRequestBuilder): Promise<Cart | undefined> {
  try {
    return (await api.me().activeCart().get().execute()).body;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return undefined;
    throw error;
  }
}

async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://storefront');
  const route = `${request.method} ${url.pathname}`;
  const shopper = session(request);

  if (route === 'GET /health') return page(response, 200, 'ok', '');

  if (route === 'GET /') {
    const products = (
      await catalog
        .productProjections()
        .get({ queryArgs: { limit: 50, priceCurrency: 'EUR' } })
        .execute()
    ).body.results;
    const items = products.map((product) => {
      const variant = product.masterVariant;
      const price = variant.price ?? variant.prices?.[0];
      const add = shopper
        ? `<form method="post" action="/cart/add"><input type="hidden" name="sku" value="${html(variant.sku ?? '')}"><button>Add ${html(product.name.en ?? '')} to cart</button></form>`
        : '';
      return `<li data-testid="product"><span class="name">${html(product.name.en ?? product.key ?? product.id)}</span> <span class="price">${price ? money(price.value) : 'no price'}</span>${add}</li>`;
    });
    const who = shopper ? `<p data-testid="shopper">Signed in as ${html(shopper.email)}</p>` : '<a href="/login">Sign in</a>';
    const newsletter =
      '<form method="post" action="/newsletter"><label>Newsletter email <input name="email"></label><button>Subscribe</button></form>';
    return page(response, 200, 'Catalog', `${who}<ul>${items.join('')}</ul>${newsletter}`);
  }

  if (route === 'POST /newsletter') {
    // Accepted now, stored a moment later (as apps that hand work to a queue do): tests must wait for it.
    const email = (await form(request)).get('email') ?? '';
    setTimeout(() => {
      const key = email.replace(/[^-_~.a-zA-Z0-9]/g, '-');
      catalog
        .customObjects()
        .post({ body: { container: 'newsletter', key, value: { email } } })
        .execute()
        .catch(console.error);
    }, 1500);
    return page(response, 202, 'Thanks', '<p data-testid="thanks">You will hear from us.</p>');
  }

  if (route === 'GET /login') {
    return page(
      response,
      200,
      'Sign in',
      '<form method="post" action="/login"><label>Email <input name="email"></label><label>Password <input name="password" type="password"></label><button>Sign in</button></form>',
    );
  }

  if (route === 'POST /login') {
    const fields = await form(request);
    const email = fields.get('email') ?? '';
    const user = { username: email, password: fields.get('password') ?? '' };
    const api = apiRoot(
      new ClientBuilder()
        .withProjectKey(projectKey)
        .withPasswordFlow({ host, projectKey, credentials: { ...credentials, user }, scopes, httpClient: fetch }),
    );
    try {
      await api.me().get().execute();
    } catch {
      return page(response, 401, 'Sign-in failed', '<p data-testid="error">Email or password is wrong.</p><a href="/login">Try again</a>');
    }
    const sid = randomUUID();
    sessions.set(sid, { email, api });
    return redirect(response, '/', `sid=${sid}; HttpOnly; Path=/`);
  }

  if (!shopper) return redirect(response, '/login');

  if (route === 'POST /cart/add') {
    const sku = (await form(request)).get('sku') ?? '';
    const cart =
      (await activeCart(shopper.api)) ??
      (
        await shopper.api
          .me()
          .carts()
          .post({ body: { currency: 'EUR' } })
          .execute()
      ).body;
    await shopper.api
      .me()
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions: [{ action: 'addLineItem', sku, quantity: 1 }] } })
      .execute();
    return redirect(response, '/cart');
  }

  if (route === 'GET /cart') {
    const cart = await activeCart(shopper.api);
    if (!cart || cart.lineItems.length === 0) return page(response, 200, 'Your cart', '<p data-testid="empty">Your cart is empty.</p>');
    const lines = cart.lineItems.map(
      (line) => `<li data-testid="line">${html(line.name.en ?? line.productId)} × ${line.quantity}: ${money(line.totalPrice)}</li>`,
    );
    return page(response, 200, 'Your cart', `<ul>${lines.join('')}</ul><p data-testid="total">Total ${money(cart.totalPrice)}</p>`);
  }

  return page(response, 404, 'Not found', '');
}

createServer((request, response) => {
  serve(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) page(response, 500, 'Something went wrong', `<pre>${html(String(error))}</pre>`);
  });
}).listen(config.port, '127.0.0.1', () => console.log(`storefront on http://127.0.0.1:${config.port}`));
