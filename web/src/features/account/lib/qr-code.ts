import QRCode from 'qrcode';

/**
 * The otpauth:// address as an SVG data URL for an <img>: the account page is its own chunk,
 * so the QR library loads only with it. (The site's CSP allows data: images.)
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
