/**
 * The Spanish strings of 'Trabajadores del contrato' on Ingreso de Personal that open a worker's
 * documents without typing the document again.
 */
export const TRABAJADORES_MSG = {
  trabajadoresVerDocumentos: (nombre: string) => `Ver los documentos de ingreso de ${nombre}`,
  trabajadoresAyuda: 'Haga clic en el nombre de un trabajador para ver sus documentos de ingreso.',
  trabajadoresAbierto: (nombre: string) => `Documentos de ingreso de ${nombre}`,
};
