/**
 * The requirements of the default catalogue that no temporary authorization may stand in for at the
 * gate (decision 182), each with the norm that makes it a condition before work starts
 * (docs/normas.md). Every other requirement is dispensable. The administrator may edit both.
 */
export const NO_DISPENSABLES: Readonly<Record<string, { modulo: string; baseLegal: string }>> = {
  E04: {
    modulo: 'sg-sst',
    baseLegal: 'Decreto 1072 de 2015 art. 2.2.4.6.28 num. 3',
  },
  P05: {
    modulo: 'sg-personal',
    baseLegal: 'Decreto 1072 de 2015 art. 2.2.4.6.28 num. 3',
  },
  P09: {
    modulo: 'sg-personal',
    baseLegal: 'Resolución 4272 de 2021 art. 32 lit. c; Resolución 1843 de 2025',
  },
  P10: {
    modulo: 'sg-personal',
    baseLegal: 'Resolución 4272 de 2021 arts. 9 y 61',
  },
  P11: {
    modulo: 'sg-personal',
    baseLegal: 'Resolución 4272 de 2021 arts. 9, 27 num. 4 y 61',
  },
  P12: {
    modulo: 'sg-personal',
    baseLegal: 'Resolución 0491 de 2020',
  },
};

/** Whether a default-catalogue requirement is dispensable, and the norm when it is not. */
export function dispensaPorDefecto(
  modulo: string,
  codigo: string,
): { dispensable: boolean; baseLegalDispensa: string | null } {
  const e = NO_DISPENSABLES[codigo];
  return e && e.modulo === modulo
    ? { dispensable: false, baseLegalDispensa: e.baseLegal }
    : { dispensable: true, baseLegalDispensa: null };
}
