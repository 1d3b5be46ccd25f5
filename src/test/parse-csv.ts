/**
 * A strict RFC 4180 reader for the downloaded CSV: quoted fields may hold anything, unquoted ones
 * no quote, comma, CR or LF, and every record ends with CRLF. Throws on anything else, so a
 * malformed file fails the test rather than being read leniently.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  while (index < text.length) {
    let field = '';
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        const quote = text.indexOf('"', index);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += text.slice(index, quote);
        index = quote + 1;
        if (text[index] !== '"') break;
        field += '"';
        index += 1;
      }
    } else {
      const end = text.slice(index).search(/[,\r\n"]/);
      field = end < 0 ? text.slice(index) : text.slice(index, index + end);
      index += field.length;
      if (text[index] === '"') throw new Error(`stray quote at ${index}`);
    }
    record.push(field);
    if (text[index] === ',') {
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${index}`);
    }
  }
  return records;
}
