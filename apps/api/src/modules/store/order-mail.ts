import type { MailMessage } from '../mail/mail.service.js';

/** What the order email says. */
export interface OrderMailContent {
  to: string;
  appName: string;
  productName: string | null;
  keys: string[];
  /** The order page (null without PUBLIC_URL: the worker has no request to take an address from). */
  pageUrl: string | null;
  downloadUrl: string | null;
  renewalUrl: string | null;
}

/**
 * The buyer's email: the vendor's app name, the product, every key, the order
 * page and the download. Plain text first (every client shows it), and the
 * same in simple HTML with every value escaped.
 */
export function orderMail(content: OrderMailContent): MailMessage {
  const { appName, productName, keys } = content;
  const what = productName ? `${appName}: ${productName}` : appName;
  const subject = `Your ${keys.length === 1 ? 'key' : 'keys'} for ${what}`;
  const links: Array<[string, string]> = [];
  if (content.downloadUrl) links.push(['Download', content.downloadUrl]);
  if (content.pageUrl) links.push(['Your order page', content.pageUrl]);
  if (content.renewalUrl) links.push(['Renew', content.renewalUrl]);

  const text = [
    `Thank you for your purchase of ${what}.`,
    '',
    keys.length === 1 ? 'Your key:' : 'Your keys:',
    ...keys.map((key) => `  ${key}`),
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    ...(content.pageUrl ? ['', 'The order page link works for 30 days.'] : []),
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Thank you for your purchase of <strong>${escapeHtml(what)}</strong>.</p>
<p>${keys.length === 1 ? 'Your key' : 'Your keys'}:</p>
<ul style="list-style:none;padding:0">${keys
    .map((key) => `<li><code style="font-size:15px;background:#f2f2f2;padding:2px 6px">${escapeHtml(key)}</code></li>`)
    .join('')}</ul>
${links.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`).join('\n')}
${content.pageUrl ? '<p style="color:#555;font-size:13px">The order page link works for 30 days.</p>' : ''}
</body></html>`;

  return { to: content.to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
