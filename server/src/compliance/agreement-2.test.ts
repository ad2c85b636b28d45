import { RUNS, useAgreement } from './agreement/harness';

/**
 * The second half of the agreement property's cases (docs/decisions/118; the first half and the
 * examples are in agreement.test.ts): two files, so that the suite's two workers run them at once.
 */
const { propiedad } = await useAgreement();

propiedad(
  Math.floor(RUNS / 2),
  'lists, summary and drill-down, staff compliance, history and reminders agree with the rule (second half)',
);
