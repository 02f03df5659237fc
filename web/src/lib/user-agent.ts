/**
 * A readable browser and system from a User-Agent header, for the sessions list, the
 * activity log and the visitors list. A few patterns are enough for that; a full parser library is not worth its size.
 * Order matters: Edge and Opera also say Chrome, and Chrome also says Safari.
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node\b|\bundici\b/i, 'Node.js'],
];

const systems: [RegExp, string][] = [
  // The device, for Apple's phones and tablets: what staff call them.
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const match = (table: [RegExp, string][], userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

/** "Chrome", "Safari"...; "Unknown" for an empty header (the command line records none). */
export function browserName(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown';
  return match(browsers, userAgent) ?? 'Other browser';
}

/** "Chrome on Windows", "Safari on iPhone", "Chrome on Android", or the browser alone when the system is not told. */
export function describeUserAgent(userAgent: string): string {
  const browser = browserName(userAgent);
  const system = match(systems, userAgent);
  return system ? `${browser} on ${system}` : browser;
}
