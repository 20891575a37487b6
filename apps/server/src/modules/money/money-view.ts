import { dayOf, type MoneyEntryView, type MoneyTransaction } from '@batchwise/domain';
import type { MoneyRepository } from './money.repository';

// Rows of the money manager's repository as the contracts (contracts/money.ts) show them.

type EntryRow = Awaited<ReturnType<MoneyRepository['entries']>>[number];
type TransactionRow = Awaited<ReturnType<MoneyRepository['transactions']>>[number];

export function entryView(row: EntryRow): MoneyEntryView {
  return {
    id: row.id,
    kind: row.kind,
    category: row.category,
    amountPaisa: Number(row.amount),
    day: dayOf(Number(row.occurred_at)),
    note: row.note,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    updatedAt: row.updated_at === null ? null : Number(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export function transactionView(row: TransactionRow, entries: Map<string, MoneyEntryView>): MoneyTransaction {
  const kind = row.kind as MoneyTransaction['kind'];
  const entry = kind === 'income' || kind === 'expense' ? (entries.get(row.id) ?? null) : null;
  return {
    id: row.id,
    kind,
    at: Number(row.at),
    amountPaisa: Math.abs(Number(row.amount)),
    label: row.label,
    receiptNo: row.receipt_no === null ? null : Number(row.receipt_no),
    method: row.method,
    note: row.note,
    by: row.by,
    voided: row.voided_at !== null,
    entry,
  };
}
