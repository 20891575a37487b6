/** A spreadsheet cell as a sheet reader returns it. */
export type SheetCell = string | number | boolean | null | undefined;
/** A sheet as rows of cells; row 0 holds the column headers (spreadsheet row 1). */
export type Sheet = ReadonlyArray<ReadonlyArray<SheetCell>>;
