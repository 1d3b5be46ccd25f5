import { useEffect, useMemo } from 'react';
import { ApiText } from '../../components/api-text';
import { CopyButton } from '../../components/copy-button';
import { ModalDialog } from '../../components/modal-dialog';
import { RawJson } from '../../components/raw-json';
import { formatDecimal } from '../../lib/decimal';
import { formatJson } from '../../lib/json-text';
import type { Product } from './api/products-api';

/**
 * One product, opened from its row (Enter or a click) or a link. The API has no endpoint for a
 * single product, so this is the row as the list returned it (or as the tab last saw it): every
 * field, and the raw JSON to hand on.
 * A modal dialog; Escape closes it and the row takes the focus back.
 */
export function ProductDetails({ product, onClose }: { product: Product; onClose: () => void }) {
  const raw = useMemo(() => formatJson(product), [product]);
  // Closed by Back as much as by the dialog: the row it was opened from takes the focus back,
  // unless the focus already went somewhere (the native dialog returns it to its opener).
  useEffect(() => {
    const { id } = product;
    return () => {
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(id)}"]`)?.focus();
      });
    };
  }, [product]);
  const fields: [string, string][] = [
    ['ID', product.id],
    ['Name', product.name],
    ['Category', product.category],
    ['Price', formatDecimal(product.price)],
    ['Description', product.description],
  ];
  return (
    <ModalDialog
      title="Product details"
      onClose={onClose}
      className="max-h-[calc(100dvh-1rem)] w-[min(40rem,calc(100vw-1rem))]"
    >
      <div className="space-y-4 overflow-y-auto p-4 text-sm">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {fields.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600 dark:text-slate-300">{term}</dt>
              <dd className="min-w-0 wrap-break-word">
                <ApiText text={value} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={product.id} label="Copy ID" />
          <CopyButton text={raw.text} label="Copy JSON" />
        </div>
        <RawJson json={raw} label="Product JSON" />
      </div>
    </ModalDialog>
  );
}
