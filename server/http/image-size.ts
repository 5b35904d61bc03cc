/** The intrinsic size of an image, so the page can reserve its space before it loads. */
export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = '89504e470d0a1a0a';

function positive(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value < 100_000;
}

function svgSize(bytes: Buffer): ImageSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(bytes.subarray(0, 4096).toString('utf8'))?.[0];
  if (!tag) return undefined;
  const attribute = (name: string) =>
    Number(new RegExp(`\\s${name}="([\\d.]+)(?:px)?"`, 'i').exec(tag)?.[1]);
  const [width, height] = [attribute('width'), attribute('height')];
  if (positive(width) && positive(height)) return { width, height };
  const box = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/i.exec(tag);
  const [boxWidth, boxHeight] = [Number(box?.[1]), Number(box?.[2])];
  return positive(boxWidth) && positive(boxHeight)
    ? { width: boxWidth, height: boxHeight }
    : undefined;
}

/** SVG (its width and height, else its viewBox) and PNG (IHDR); other formats: unknown. */
export function imageSize(contentType: string, bytes: Buffer): ImageSize | undefined {
  if (contentType.startsWith('image/svg')) return svgSize(bytes);
  if (bytes.length >= 24 && bytes.subarray(0, 8).toString('hex') === PNG_SIGNATURE) {
    const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    return positive(size.width) && positive(size.height) ? size : undefined;
  }
  return undefined;
}
