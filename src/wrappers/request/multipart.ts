// A multipart/form-data body as one Blob of the part headers and the caller's own Blobs: nothing
// is read before it is sent (a file slice stays on disk), and the same Blob can be sent again.
// Blobs become file parts (a File keeps its name); every other field is sent as text, which is
// how multipart carries numbers such as chunkNumber.

// As the HTML form encoding escapes names: a quote or a line break would end the header early.
const escapeName = (text: string) => text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
const CRLF = /\r(?!\n)|(?<!\r)\n/g;

export function toMultipart(fields: Record<string, unknown>, random: () => number = Math.random): { body: Blob; contentType: string } {
  const boundary = `----platform-client-${random().toString(16).slice(2)}${random().toString(16).slice(2)}`;
  const parts: BlobPart[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(key)}"`;
    if (value instanceof Blob) {
      const filename = value instanceof File ? value.name : "blob";
      parts.push(`${disposition}; filename="${escapeName(filename)}"\r\nContent-Type: ${value.type || "application/octet-stream"}\r\n\r\n`, value, "\r\n");
    } else {
      parts.push(`${disposition}\r\n\r\n${String(value).replace(CRLF, "\r\n")}\r\n`);
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
