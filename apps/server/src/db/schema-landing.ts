// The landing page's editable content (migration 0046), apart from schema.ts so it stays short.

/** One row (id `landing`): the content as JSON (domain `landingConfigSchema`), and who last saved it. */
export interface LandingConfigTable {
  id: string;
  config: string;
  updated_at: number;
  updated_by: string | null;
}

export interface LandingTables {
  landing_config: LandingConfigTable;
}
