// multipart/form-data as grammY writes it for uploads (sendPhoto with a file). Its part headers are terse,
// which undici's parser (Request.formData, and so Hono's parseBody) refuses, so the parts are split here.
interface Part {
  name: string;
  /** null for a plain field. */
  filename: string | null;
  type: string;
  data: Buffer;
}

export function parseMultipart(raw: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error('no boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let pos = raw.indexOf(delimiter);
  while (pos !== -1) {
    const start = pos + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, start);
    if (next === -1) break;
    const part = raw.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('utf8');
      const name = /[;\s]name="?([^";\r\n]*)"?/i.exec(head)?.[1];
      if (name !== undefined)
        parts.push({
          name,
          filename: /filename="?([^";\r\n]*)"?/i.exec(head)?.[1] ?? null,
          type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? '',
          data: part.subarray(split + 4),
        });
    }
    pos = next;
  }
  return parts;
}
