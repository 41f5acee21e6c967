import { describe, expect, it } from '@jest/globals';
import {
  AppLimits,
  BlacklistValueMessage,
  ClientLimits,
  CreateAppRequest,
  CreateBlacklistEntryRequest,
  CreateWebhookRequest,
  CreateVariableRequest,
  FieldMessage,
  GenerateLicensesRequest,
  PREFIX_MESSAGE,
  SetUserVariableRequest,
  UpdateAppRequest,
  UpdateVariableRequest,
  UserVariableMessage,
  VariableLimits,
  VariableMessage,
  WebhookLimits,
} from '@latchkey/contracts';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { shapeResolver, type FormOnlyRules, type RequestShape } from './shape-resolver';

/** What the resolver says of `values`: each refused field's message, or the values it passes on. */
async function check<T extends FieldValues>(
  shape: RequestShape,
  values: T,
  formOnly?: FormOnlyRules<T>,
  toBody?: (values: T) => FieldValues,
) {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<T>;
  const { values: passed, errors } = await shapeResolver<T>(shape, formOnly, toBody)(values, undefined, options);
  const messages = Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));
  return Object.keys(messages).length > 0 ? messages : passed;
}

describe('shapeResolver', () => {
  it("refuses a field in the API's words, the first rule it breaks", async () => {
    expect(await check(CreateVariableRequest, { key: 'bad key', value: 'x', minLevel: 0 })).toEqual({
      key: VariableMessage.key,
    });
    expect(await check(CreateVariableRequest, { key: '', value: 'x'.repeat(VariableLimits.valueMax + 1) })).toEqual({
      key: VariableMessage.key,
      value: VariableMessage.value,
    });
    const range = FieldMessage.between('minLevel', VariableLimits.minLevelMin, VariableLimits.minLevelMax);
    expect(await check(UpdateVariableRequest, { value: 'x', minLevel: VariableLimits.minLevelMax + 1 })).toEqual({
      minLevel: range,
    });
    // An empty number input (NaN) is not an integer, as the API would say of it.
    expect(await check(UpdateVariableRequest, { value: 'x', minLevel: Number.NaN })).toEqual({
      minLevel: FieldMessage.integer('minLevel'),
    });
    expect(await check(SetUserVariableRequest, { key: 'k', value: 'x'.repeat(5000) })).toEqual({
      value: UserVariableMessage.value,
    });
  });

  it("passes the form's own values on, fields outside the shape included", async () => {
    const values = { key: 'motd', value: 'hello', minLevel: 3 };
    const passed = await check(UpdateVariableRequest, values);
    expect(passed).toEqual(values);
    expect(passed).not.toBeInstanceOf(UpdateVariableRequest);
  });

  it('checks the body the form sends when given toBody, and passes the form values on', async () => {
    const values = { durationType: '30d', prefix: '', note: '  ' };
    expect(await check(GenerateLicensesRequest, values)).toEqual({ prefix: PREFIX_MESSAGE });
    const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<typeof values>;
    const leftOut = ({ durationType }: typeof values) => ({ durationType });
    const result = await shapeResolver(GenerateLicensesRequest, {}, leftOut)(values, undefined, options);
    expect(result).toEqual({ values, errors: {} });
  });

  it("runs the form's own rules: of fields outside the shape, and in its own words where it refuses", async () => {
    const taken = (key: string) => key !== 'theme' || 'taken';
    expect(await check(SetUserVariableRequest, { key: 'theme', value: 'x' }, { key: taken })).toEqual({ key: 'taken' });
    expect(await check(SetUserVariableRequest, { key: 'theme', value: 7 }, { key: taken })).toEqual({
      key: 'taken',
      value: FieldMessage.string('value'),
    });
    expect(await check(SetUserVariableRequest, { key: 'other', value: 'x' }, { key: taken })).toEqual({
      key: 'other',
      value: 'x',
    });
    const named = { name: (name: string) => name.trim() !== '' || 'Enter a name' };
    expect(await check(CreateAppRequest, { name: '' }, named)).toEqual({ name: 'Enter a name' });
    expect(await check(CreateAppRequest, { name: 'x'.repeat(AppLimits.nameMax + 1) }, named)).toEqual({
      name: FieldMessage.length('name', AppLimits.nameMin, AppLimits.nameMax),
    });
  });

  it("judges the body the form sends, and passes the form's values on", async () => {
    const trimmed = (values: { name: string; updateUrl: string }) => ({
      name: values.name.trim(),
      updateUrl: values.updateUrl.trim() || null,
    });
    expect(await check(UpdateAppRequest, { name: '   ', updateUrl: '' }, {}, trimmed)).toEqual({
      name: FieldMessage.length('name', AppLimits.nameMin, AppLimits.nameMax),
    });
    expect(await check(UpdateAppRequest, { name: ' game ', updateUrl: ' ' }, {}, trimmed)).toEqual({
      name: ' game ',
      updateUrl: ' ',
    });
  });

  it("checks a blacklist value by its type's rules, the IP test the API's", async () => {
    const entry = (type: string, value: string) => check(CreateBlacklistEntryRequest, { type, value, reason: null });
    for (const value of ['203.0.113.7', ' 203.0.113.0/24 ', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::1/128']) {
      expect(await entry('ip', value)).toEqual({ type: 'ip', value, reason: null });
    }
    for (const value of [
      '256.0.0.1',
      '1.2.3',
      '203.0.113.0/33',
      '2001:db8::/129',
      '1.2.3.4/24/1',
      'host',
      '1.2.3.4/x',
    ]) {
      expect([value, await entry('ip', value)]).toEqual([value, { value: BlacklistValueMessage.ip }]);
    }
    expect(await entry('hwid', '')).toEqual({ value: BlacklistValueMessage.hwid });
    expect(await entry('hwid', 'x'.repeat(ClientLimits.hwidMax + 1))).toEqual({ value: BlacklistValueMessage.hwid });
    expect(await entry('username', 'no spaces allowed')).toEqual({ value: BlacklistValueMessage.username });
  });

  it("checks a webhook's URL as sent (trimmed) in the API's words, and keeps a form's own words for no event", async () => {
    const trimmed = (values: { url: string; events: string[] }) => ({ ...values, url: values.url.trim() });
    const someEvent = { events: (events: string[]) => events.length > 0 || 'Choose at least one event' };
    const webhook = (url: string, events = ['user.login']) =>
      check(CreateWebhookRequest, { url, events }, someEvent, trimmed);
    expect(await webhook(' https://example.com/hook ')).toEqual({
      url: ' https://example.com/hook ',
      events: ['user.login'],
    });
    expect(await webhook('http://example.com')).toEqual({ url: 'http://example.com', events: ['user.login'] });
    expect(await webhook('ftp://example.com')).toEqual({ url: FieldMessage.httpUrl('url') });
    expect(await webhook('not a url')).toEqual({ url: FieldMessage.httpUrl('url') });
    expect(await webhook(`https://example.com/${'a'.repeat(WebhookLimits.urlMax)}`)).toEqual({
      url: FieldMessage.atMost('url', WebhookLimits.urlMax),
    });
    expect(await webhook('https://example.com', [])).toEqual({ events: 'Choose at least one event' });
  });
});
