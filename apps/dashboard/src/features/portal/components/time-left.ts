/** How long until `iso`, in words: "Expires in 29 days", "Expires in 3 hours", "Expired". */
export function timeLeft(iso: string, now = Date.now()): string {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return 'Expired';
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return `Expires in ${Math.max(1, Math.round(ms / 60_000))} minutes`;
  if (hours < 48) return `Expires in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `Expires in ${Math.floor(hours / 24)} days`;
}
