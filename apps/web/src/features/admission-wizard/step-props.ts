import type { DomainError } from '@batchwise/domain';
import type { AdmissionInfo, WizardAnswers } from './answers';

/** What every page of the wizard gets from the wizard. */
export interface StepProps {
  readonly info: AdmissionInfo;
  readonly answers: WizardAnswers;
  readonly update: (patch: Partial<WizardAnswers>) => void;
  readonly setCustomField: (field: string, value: string) => void;
  /** Marks a field as touched: its error shows from then on. */
  readonly touch: (field: string) => void;
  /** The translated error for a field, once it has been touched; null otherwise. */
  readonly errorFor: (field: string, error: DomainError | null) => string | null;
}
