/** The answer most stores get: JSON in the contract's envelope with the order's keys (identical for a redelivery). */
export function jsonKeysAnswer(keys: readonly string[]): { contentType: string; body: string } {
  return {
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ success: true, message: 'Event received', data: { keys } }),
  };
}

/** A header's value as one string (Node joins repeated headers; an absent one is ''). */
export function headerText(headers: Readonly<Record<string, string | undefined>>, name: string): string {
  return headers[name] ?? '';
}
