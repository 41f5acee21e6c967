// A User-Agent header as a person names their device. Parsing is
// ua-parser-js's (1.x, MIT): browsers and systems change too often to keep
// our own patterns.
import { UAParser } from 'ua-parser-js';

/** How much of an unrecognised header is shown: one table line. */
const UNRECOGNISED_COUNT = 48;

/** "Chrome 120 on Windows 10"; the header itself, cut to a line, when it names no browser or system ("curl/8.5.0"). */
export function describeUserAgent(userAgent: string): string {
  const { browser, os } = new UAParser(userAgent).getResult();
  const app = browser.name ? [browser.name, browser.major].filter(Boolean).join(' ') : null;
  const system = os.name ? [os.name, os.version].filter(Boolean).join(' ') : null;
  if (app && system) return `${app} on ${system}`;
  if (app ?? system) return (app ?? system)!;
  return userAgent.length > UNRECOGNISED_COUNT ? `${userAgent.slice(0, UNRECOGNISED_COUNT - 1)}…` : userAgent;
}
