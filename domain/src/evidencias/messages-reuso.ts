/**
 * The Spanish strings of a worker document reused across the company's contracts (docs/decisions/138).
 */
export const REUSO_MSG = {
  /** The row of a worker document approved on another contract of the company. */
  reusoCargadoEn: (contrato: string) => `Vigente (cargado en el contrato ${contrato})`,
  /** The slot's own newer upload next to the reused one. */
  reusoPropia: (estado: string) => `Carga en este contrato: ${estado}`,
};
