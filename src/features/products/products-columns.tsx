import { IdCell, TruncatedText } from '../../components/data-table/cells';
import { formatDecimal } from '../../lib/decimal';
import { createDataTableColumnHelper } from '../../components/data-table/table-features';
import type { Product } from './api/products-api';

const helper = createDataTableColumnHelper<Product>();

/** The API cannot sort products, so no column offers it. */
export const productsColumns = helper.columns([
  helper.accessor('id', {
    header: 'ID',
    cell: (info) => <IdCell id={info.getValue()} />,
    // Always shown: it names the row, and a table keeps at least one column.
    meta: { width: 224, alwaysVisible: true },
  }),
  helper.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <TruncatedText text={info.getValue()} maxChars={32} className="max-w-64 font-medium" />
    ),
    meta: { width: 256 },
  }),
  helper.accessor('category', {
    header: 'Category',
    cell: (info) => <TruncatedText text={info.getValue()} maxChars={24} className="max-w-48" />,
    meta: { width: 176 },
  }),
  helper.accessor('price', {
    header: 'Price',
    // Every decimal the API sent (lib/decimal), in the products' own chunk: /users never loads it.
    cell: (info) => <span className="tabular-nums">{formatDecimal(info.getValue())}</span>,
    meta: { width: 128, className: 'text-right' },
  }),
  helper.accessor('description', {
    header: 'Description',
    cell: (info) => <TruncatedText text={info.getValue()} maxChars={60} className="max-w-md" />,
    meta: { width: 400 },
  }),
]);
