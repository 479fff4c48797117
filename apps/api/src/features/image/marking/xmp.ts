import { crc32 } from 'node:zlib';

/**
 * The machine-readable "AI-generated" mark every stored image file carries (EU AI Act Art. 50(2);
 * DECISIONS.md "Compliance"): an XMP packet with IPTC's digital source type `trainedAlgorithmicMedia`
 * (every pixel is generated; `compositeWithTrainedAlgorithmicMedia` would be wrong), the service as the
 * creator tool and the image's page as its web statement. Readers: exiftool's `XMP-iptcExt:DigitalSourceType`,
 * Adobe's and IPTC's tools, the C2PA manifest's own digital source type (./content-credentials.ts).
 */
export const TRAINED_ALGORITHMIC_MEDIA =
  'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The XMP packet of one image: `pageUrl` is its page on the site (`${PUBLIC_URL}/image/{uuid}`). */
export function xmpPacket(pageUrl: string, creatorTool: string): string {
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about=""' +
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"' +
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"' +
    ' xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"' +
    ` Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"` +
    ` xmp:CreatorTool="${escapeXml(creatorTool)}"` +
    ` xmpRights:WebStatement="${escapeXml(pageUrl)}"/>` +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

const PNG_SIGNATURE_LENGTH = 8;
/**
 * Chunks a worker's PNG may carry that are not the picture: text (A1111 writes the prompt in a tEXt
 * chunk, ComfyUI its workflow), XMP, Exif and C2PA manifests. None is trusted, nor kept: the stored file
 * carries the service's own mark only.
 */
const METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'caBX']);

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(header.subarray(4, 8))), 0);
  return Buffer.concat([header, data, crc]);
}

/**
 * The PNG without its metadata chunks, with `packet` as its XMP (an iTXt chunk keyed `XML:com.adobe.xmp`,
 * uncompressed, right after IHDR as the XMP specification asks). The picture's bytes are copied as they
 * are: no decoding, no re-encoding. `png` is a PNG that processImage has already decoded.
 */
export function withPngXmp(png: Buffer, packet: string): Buffer {
  const parts: Buffer[] = [png.subarray(0, PNG_SIGNATURE_LENGTH)];
  let offset = PNG_SIGNATURE_LENGTH;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > png.length) break;
    if (!METADATA_CHUNKS.has(type)) parts.push(png.subarray(offset, end));
    if (type === 'IHDR') {
      // keyword, NUL, compression flag 0, method 0, empty language tag and translated keyword, text.
      const text = Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(packet)]);
      parts.push(pngChunk('iTXt', text));
    }
    offset = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(parts);
}
