import type { MarkCellInput } from '@batchwise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  assessmentsApi,
  cellKey,
  columnsOf,
  type GridColumn,
  type MarkCellView,
  type MarksGrid,
  marksGridQuery,
} from './assessments-api';
import { type CellEntry, parseCell } from './grid-input';

/**
 * The marks grid's unsaved cells and their autosave. A typed cell becomes a
 * draft; valid drafts are sent a moment after typing stops, each with the version the cell was
 * read at, so a cell someone else changed in between comes back as a conflict (their value, who,
 * when) instead of being overwritten. Invalid drafts stay on screen, red, and are never sent.
 */

export interface Draft {
  text: string;
  entry: CellEntry;
  /** The cell's version when editing began: the server saves only over that version. */
  base: number;
  /** The text a save in flight carries, or null. */
  sending: string | null;
  /** Someone else's value the server kept instead of ours, until the user chooses. */
  conflict: MarkCellView | null;
}

/** Drafts by student, then by column key (`subjectId|partKey`): a row re-renders on its own changes only. */
export type Drafts = Readonly<Record<string, Readonly<Record<string, Draft>>>>;

export interface CellChange {
  studentId: string;
  column: GridColumn;
  text: string;
}

export interface SaveState {
  saving: boolean;
  /** Valid cells waiting for the next save. */
  pending: number;
  invalid: number;
  conflicts: number;
  error: unknown;
  savedAt: number | null;
}

const AUTOSAVE_DELAY_MS = 800;

const entryOfCell = (cell: MarkCellView | undefined): CellEntry => {
  if (!cell) return { kind: 'empty' };
  if (cell.absent) return { kind: 'absent' };
  return cell.marks === null ? { kind: 'empty' } : { kind: 'marks', marks: cell.marks };
};

const sameEntry = (a: CellEntry, b: CellEntry) =>
  a.kind === b.kind && (a.kind !== 'marks' || (b.kind === 'marks' && a.marks === b.marks));

const sendable = (draft: Draft) =>
  draft.conflict === null && draft.sending === null && draft.entry.kind !== 'invalid';

function setDraft(drafts: Drafts, studentId: string, column: string, draft: Draft | null): Drafts {
  const row = { ...(drafts[studentId] ?? {}) };
  if (draft) row[column] = draft;
  else delete row[column];
  const next = { ...drafts };
  if (Object.keys(row).length > 0) next[studentId] = row;
  else delete next[studentId];
  return next;
}

function* eachDraft(drafts: Drafts): Generator<[string, string, Draft]> {
  for (const [studentId, row] of Object.entries(drafts))
    for (const [column, draft] of Object.entries(row)) yield [studentId, column, draft];
}

/** The server's cells by `studentId|subjectId|partKey`. */
export function useServerCells(grid: MarksGrid | undefined): ReadonlyMap<string, MarkCellView> {
  return useMemo(
    () => new Map((grid?.cells ?? []).map((c) => [cellKey(c.studentId, c.subjectId, c.partKey), c])),
    [grid?.cells],
  );
}

export function useMarksAutosave(accountId: string, assessmentId: string, grid: MarksGrid | undefined) {
  const queryClient = useQueryClient();
  const serverCells = useServerCells(grid);
  const serverRef = useRef(serverCells);
  serverRef.current = serverCells;
  // The grid's cells as they are now: an assessment edited meanwhile may have lost a subject or a
  // part, a student may have left the classroom; their drafts are dropped, never sent.
  const gridRef = useRef<{ students: Set<string>; columns: Set<string> } | null>(null);
  gridRef.current = useMemo(
    () =>
      grid
        ? {
            students: new Set(grid.students.map((s) => s.id)),
            columns: new Set(columnsOf(grid.assessment.subjects).map((c) => c.key)),
          }
        : null,
    [grid],
  );
  const [drafts, setDrafts] = useState<Drafts>({});
  const draftsRef = useRef<Drafts>({});
  const inFlight = useRef(false);
  const again = useRef(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const update = useCallback((change: (current: Drafts) => Drafts) => {
    draftsRef.current = change(draftsRef.current);
    setDrafts(draftsRef.current);
  }, []);

  const gridKey = useMemo(() => marksGridQuery(accountId, assessmentId).queryKey, [accountId, assessmentId]);

  const flush = useCallback(async (): Promise<void> => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const known = gridRef.current;
    if (!known) return;
    update((current) => {
      let next = current;
      for (const [studentId, column] of eachDraft(current))
        if (!known.students.has(studentId) || !known.columns.has(column))
          next = setDraft(next, studentId, column, null);
      return next;
    });
    const batch: MarkCellInput[] = [];
    for (const [studentId, column, draft] of eachDraft(draftsRef.current)) {
      if (!sendable(draft)) continue;
      const [subjectId = '', partKey = ''] = column.split('|');
      batch.push({
        studentId,
        subjectId,
        partKey,
        marks: draft.entry.kind === 'marks' ? draft.entry.marks : null,
        absent: draft.entry.kind === 'absent',
        version: draft.base,
      });
    }
    if (batch.length === 0) return;
    update((current) => {
      let next = current;
      for (const cell of batch) {
        const column = `${cell.subjectId}|${cell.partKey}`;
        const draft = next[cell.studentId]?.[column];
        if (draft) next = setDraft(next, cell.studentId, column, { ...draft, sending: draft.text });
      }
      return next;
    });
    inFlight.current = true;
    setSaving(true);
    try {
      const answer = await assessmentsApi.saveMarks(accountId, assessmentId, batch);
      // The server's answer is the truth for these cells: put it in the cached grid (versions,
      // values, the class's results) so the next edit starts from it without a refetch.
      queryClient.setQueryData<MarksGrid>(gridKey, (old) => {
        if (!old) return old;
        const cells = new Map(old.cells.map((c) => [cellKey(c.studentId, c.subjectId, c.partKey), c]));
        for (const c of [...answer.saved, ...answer.conflicts])
          cells.set(cellKey(c.studentId, c.subjectId, c.partKey), c);
        return { ...old, cells: [...cells.values()], results: answer.results };
      });
      update((current) => {
        let next = current;
        for (const cell of answer.saved) {
          const column = `${cell.subjectId}|${cell.partKey}`;
          const draft = next[cell.studentId]?.[column];
          if (!draft) continue;
          // Typed again while the save was under way: the newer text waits for the next save.
          const settled = draft.sending === draft.text;
          next = setDraft(
            next,
            cell.studentId,
            column,
            settled ? null : { ...draft, base: cell.version, sending: null },
          );
        }
        for (const cell of answer.conflicts) {
          const column = `${cell.subjectId}|${cell.partKey}`;
          const draft = next[cell.studentId]?.[column];
          if (draft)
            next = setDraft(next, cell.studentId, column, { ...draft, sending: null, conflict: cell });
        }
        return next;
      });
      setError(null);
      setSavedAt(Date.now());
    } catch (failure) {
      update((current) => {
        let next = current;
        for (const [studentId, column, draft] of eachDraft(current))
          if (draft.sending !== null) next = setDraft(next, studentId, column, { ...draft, sending: null });
        return next;
      });
      setError(failure);
    } finally {
      inFlight.current = false;
      setSaving(false);
      if (again.current) {
        again.current = false;
        void flush();
      }
    }
  }, [accountId, assessmentId, queryClient, update, gridKey]);

  /** Typed, cleared or pasted cells. A cell set back to its saved value is no longer a draft. */
  const setCells = useCallback(
    (changes: readonly CellChange[]) => {
      update((current) => {
        let next = current;
        for (const { studentId, column, text } of changes) {
          const server = serverRef.current.get(cellKey(studentId, column.subject.id, column.part.key));
          const before = next[studentId]?.[column.key];
          const entry = parseCell(text, column.part.fullMarks);
          const unchanged = sameEntry(entry, entryOfCell(server)) && !before?.conflict && !before?.sending;
          next = setDraft(
            next,
            studentId,
            column.key,
            unchanged
              ? null
              : {
                  text,
                  entry,
                  base: before?.base ?? server?.version ?? 0,
                  sending: before?.sending ?? null,
                  conflict: before?.conflict ?? null,
                },
          );
        }
        return next;
      });
      setError(null);
    },
    [update],
  );

  /** Conflicts: save mine over their version, or drop mine and show theirs (already in the grid). */
  const resolve = useCallback(
    (cells: readonly { studentId: string; column: string }[], choice: 'mine' | 'theirs') => {
      update((current) => {
        let next = current;
        for (const { studentId, column } of cells) {
          const draft = next[studentId]?.[column];
          if (!draft?.conflict) continue;
          next = setDraft(
            next,
            studentId,
            column,
            choice === 'theirs' ? null : { ...draft, base: draft.conflict.version, conflict: null },
          );
        }
        return next;
      });
    },
    [update],
  );

  const resolveAll = useCallback(
    (choice: 'mine' | 'theirs') =>
      resolve(
        [...eachDraft(draftsRef.current)]
          .filter(([, , draft]) => draft.conflict)
          .map(([studentId, column]) => ({ studentId, column })),
        choice,
      ),
    [resolve],
  );

  const state = useMemo<SaveState>(() => {
    let pending = 0;
    let invalid = 0;
    let conflicts = 0;
    for (const [, , draft] of eachDraft(drafts)) {
      if (draft.conflict) conflicts += 1;
      else if (draft.entry.kind === 'invalid') invalid += 1;
      else pending += 1;
    }
    return { saving, pending, invalid, conflicts, error, savedAt };
  }, [drafts, saving, error, savedAt]);

  // Autosave once typing stops; an error waits for the next edit or "Try again".
  const hasSendable = useMemo(() => [...eachDraft(drafts)].some(([, , d]) => sendable(d)), [drafts]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every edit restarts the wait (debounce)
  useEffect(() => {
    if (!hasSendable || error) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [drafts, hasSendable, error, flush]);

  // Leaving with unsaved marks: save what can be saved now, and let the browser ask first.
  const unsaved = state.pending + state.invalid + state.conflicts > 0 || saving;
  useEffect(() => {
    if (!unsaved) return;
    const handleHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    document.addEventListener('visibilitychange', handleHide);
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', handleHide);
      window.removeEventListener('beforeunload', handleBeforeUnload);
    };
  }, [unsaved, flush]);

  const retry = useCallback(() => {
    setError(null);
    void flush();
  }, [flush]);

  return { drafts, serverCells, setCells, resolve, resolveAll, state, retry, flush };
}

export type MarksAutosave = ReturnType<typeof useMarksAutosave>;

export { entryOfCell };
