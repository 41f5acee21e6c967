import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clearToken, setToken } from '@/lib/auth-token';
import { type FakeAnswer, fakeFetch as queuedFetch } from '@/test/fake-fetch';
import { KeyAuthMessage, type KeyAuthSettings } from '@latchkey/contracts';
import { KeyAuthSettingsSection } from './keyauth-settings-section';

beforeEach(() => setToken('lk_test'));
afterEach(() => {
  clearToken();
  jest.restoreAllMocks();
});

const SETTINGS: KeyAuthSettings = {
  enabled: false,
  ownerId: 'Ab3De6Gh9J',
  name: 'Nova',
  versions: ['1.3', '1.2'],
  subscriptionNames: {},
  fetchOnline: false,
  selfBan: true,
  checkVersion: false,
  appVersion: null,
  downloadUrl: null,
  publicKeyHex: 'cd'.repeat(32),
  secretSet: true,
  endpoints: { v13: 'https://lk.example/api/1.3/', v12: 'https://lk.example/api/1.2/' },
};
const LOADED = { status: 200, body: { success: true, data: SETTINGS } };
const NO_SELLER_KEY = { exists: false, createdAt: null, lastUsedAt: null, endpoint: 'https://lk.example/api/seller/' };

/**
 * The queued answers for the settings' calls; the seller key section's own
 * calls (`.../seller-key`) answer from `sellerKey` and stay out of the
 * returned mock, so its call counts are the settings' alone.
 */
function fakeFetch(...answers: FakeAnswer[]) {
  return withSellerKey([{ status: 200, body: { success: true, data: NO_SELLER_KEY } }], answers).settings;
}

function withSellerKey(sellerKey: FakeAnswer[], answers: FakeAnswer[]) {
  const seller = queuedFetch(...sellerKey);
  const settings = queuedFetch(...answers);
  globalThis.fetch = ((path: string, init?: RequestInit) =>
    (String(path).endsWith('/seller-key') ? seller : settings)(path, init)) as typeof globalThis.fetch;
  return { seller, settings };
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <KeyAuthSettingsSection appId="app-1" appVersion="1.0.0" />
    </QueryClientProvider>,
  );
}

async function form() {
  return screen.findByRole('form', { name: 'KeyAuth compatibility settings' });
}

function sentBody(fetch: ReturnType<typeof fakeFetch>, call: number) {
  return JSON.parse(String(fetch.mock.calls[call]![1]!.body)) as unknown;
}

describe('KeyAuthSettingsSection', () => {
  it('saves the whole settings with the added subscription name', async () => {
    const saved = { ...SETTINGS, enabled: true, subscriptionNames: { '1': 'basic' } };
    const fetch = fakeFetch(LOADED, { status: 200, body: { success: true, data: saved } });
    renderSection();
    const settingsForm = await form();
    fireEvent.click(within(settingsForm).getByLabelText('Answer KeyAuth clients'));
    fireEvent.click(within(settingsForm).getByRole('button', { name: 'Add subscription name' }));
    expect((within(settingsForm).getByLabelText('Level') as HTMLInputElement).value).toBe('1');
    fireEvent.change(within(settingsForm).getByLabelText('Subscription name'), { target: { value: 'basic' } });
    fireEvent.click(within(settingsForm).getByRole('button', { name: 'Save KeyAuth settings' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1]![0]).toBe('/v1/admin/apps/app-1/keyauth');
    expect(fetch.mock.calls[1]![1]!.method).toBe('PUT');
    expect(sentBody(fetch, 1)).toEqual({
      enabled: true,
      ownerId: 'Ab3De6Gh9J',
      name: 'Nova',
      versions: ['1.3', '1.2'],
      subscriptionNames: { '1': 'basic' },
      fetchOnline: false,
      selfBan: true,
      checkVersion: false,
      downloadUrl: null,
    });
  });

  it('refuses a bad ownerid and no version before sending anything', async () => {
    const fetch = fakeFetch(LOADED);
    renderSection();
    const settingsForm = await form();
    fireEvent.change(within(settingsForm).getByLabelText('Owner ID (ownerid)'), { target: { value: 'short' } });
    fireEvent.click(within(settingsForm).getByLabelText('KeyAuth 1.3'));
    fireEvent.click(within(settingsForm).getByLabelText('KeyAuth 1.2'));
    fireEvent.click(within(settingsForm).getByRole('button', { name: 'Save KeyAuth settings' }));
    await within(settingsForm).findByText('ownerId must be 10 characters of A-Z, a-z, 0-9');
    await within(settingsForm).findByText('versions must be a non-empty list of distinct versions of: 1.3, 1.2');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the API's conflict above the form and keeps what was typed", async () => {
    const message = KeyAuthMessage.pairTaken;
    fakeFetch(LOADED, { status: 409, body: { success: false, message, code: 'CONFLICT' } });
    renderSection();
    const settingsForm = await form();
    fireEvent.change(within(settingsForm).getByLabelText('Owner ID (ownerid)'), { target: { value: 'Taken00000' } });
    fireEvent.click(within(settingsForm).getByRole('button', { name: 'Save KeyAuth settings' }));
    expect((await within(settingsForm).findByRole('alert')).textContent).toBe(message);
    expect((within(settingsForm).getByLabelText('Owner ID (ownerid)') as HTMLInputElement).value).toBe('Taken00000');
  });

  it('puts a refused field under its input', async () => {
    fakeFetch(LOADED, {
      status: 400,
      body: {
        success: false,
        message: 'downloadUrl must be an http or https URL',
        code: 'VALIDATION',
        errors: ['downloadUrl must be an http or https URL'],
        fields: [{ field: 'downloadUrl', message: 'downloadUrl must be an http or https URL' }],
      },
    });
    renderSection();
    const settingsForm = await form();
    const downloadUrl = within(settingsForm).getByLabelText('Download URL');
    fireEvent.change(downloadUrl, { target: { value: 'http://bad_host.example/' } });
    fireEvent.click(within(settingsForm).getByRole('button', { name: 'Save KeyAuth settings' }));
    await waitFor(() => expect(downloadUrl.getAttribute('aria-invalid')).toBe('true'));
    expect(within(settingsForm).queryByRole('alert')).toBeNull();
  });

  it('shows the 1.2 secret only when asked, through the reveal call', async () => {
    const secret = 'ef'.repeat(32);
    const fetch = fakeFetch(LOADED, { status: 200, body: { success: true, data: { secret } } });
    renderSection();
    await form();
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    await screen.findByDisplayValue(secret);
    expect(fetch.mock.calls[1]![0]).toBe('/v1/admin/apps/app-1/keyauth/secret/reveal');
    expect(fetch.mock.calls[1]![1]!.method).toBe('POST');
    fireEvent.click(screen.getByRole('button', { name: 'Hide secret' }));
    expect(screen.queryByDisplayValue(secret)).toBeNull();
  });

  it('rotates the 1.2 secret only once confirmed, and shows the new one', async () => {
    const secret = '12'.repeat(32);
    const fetch = fakeFetch(LOADED, { status: 200, body: { success: true, data: { secret } } }, LOADED);
    renderSection();
    await form();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate the 1.2 secret?' });
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    await screen.findByDisplayValue(secret);
    expect(fetch.mock.calls[1]![0]).toBe('/v1/admin/apps/app-1/keyauth/secret');
    expect(sentBody(fetch, 1)).toEqual({});
  });

  it('sets the secret shipped clients were built with, checked before sending', async () => {
    const secret = 'AB'.repeat(32);
    const fetch = fakeFetch(LOADED, { status: 200, body: { success: true, data: { secret } } }, LOADED);
    renderSection();
    await form();
    fireEvent.click(screen.getByRole('button', { name: 'Set existing secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set existing secret' });
    fireEvent.change(within(dialog).getByLabelText('Secret'), { target: { value: 'not hex' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set secret' }));
    await within(dialog).findByText('secret must be 64 hexadecimal characters');
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.change(within(dialog).getByLabelText('Secret'), { target: { value: ` ${secret} ` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set secret' }));
    await screen.findByDisplayValue(secret);
    expect(fetch.mock.calls[1]![0]).toBe('/v1/admin/apps/app-1/keyauth/secret');
    expect(sentBody(fetch, 1)).toEqual({ secret });
  });

  it('lists the URLs and the public key in hex, and what to change per official client', async () => {
    fakeFetch(LOADED);
    renderSection();
    await form();
    expect((screen.getByLabelText('Public key (hex)') as HTMLInputElement).value).toBe(SETTINGS.publicKeyHex);
    expect((screen.getByLabelText('KeyAuth 1.3 URL') as HTMLInputElement).value).toBe(SETTINGS.endpoints.v13);
    expect((screen.getByLabelText('KeyAuth 1.2 URL') as HTMLInputElement).value).toBe(SETTINGS.endpoints.v12);
    for (const client of ['C++', 'C#', 'Python']) screen.getByText(client, { selector: 'dt' });
    screen.getByText('API_PUBLIC_KEY');
  });

  it('shows that the app has no seller key, then the new one once it is created', async () => {
    const created = {
      ...NO_SELLER_KEY,
      exists: true,
      createdAt: '2026-01-02T03:04:05.000Z',
      sellerKey: 'K'.repeat(32),
    };
    const { seller } = withSellerKey(
      [
        { status: 200, body: { success: true, data: NO_SELLER_KEY } },
        { status: 200, body: { success: true, data: created } },
        { status: 200, body: { success: true, data: { ...created, sellerKey: undefined } } },
      ],
      [LOADED],
    );
    renderSection();
    await screen.findByRole('heading', { name: 'Seller API' });
    expect(await within(await screen.findByLabelText('Seller key status')).findByText('None')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Create seller key' }));
    const notice = await screen.findByRole('region', { name: 'New seller key' });
    expect((within(notice).getByLabelText('Seller key') as HTMLInputElement).value).toBe('K'.repeat(32));
    expect(seller.mock.calls[1]![1]!.method).toBe('POST');
  });
});
