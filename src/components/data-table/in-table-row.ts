import { createContext, use } from 'react';

/**
 * True inside a table body row. A row is one tab stop (data-table-keyboard.ts): the links and
 * buttons in its cells take tabIndex -1 and are reached with the arrow keys instead, so Tab goes
 * from the table to the pager in one step rather than three stops a row.
 */
export const InTableRowContext = createContext(false);

/** The tabIndex a control in a cell takes: out of the Tab order inside a table row. */
export function useCellTabIndex(): -1 | undefined {
  return use(InTableRowContext) ? -1 : undefined;
}
