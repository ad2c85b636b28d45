// Loaded by ./esquemas only (a dynamic import): nothing in the gate's first load imports this file.
export {
  clavesPublicas,
  porteriaProyecto,
  registrosRespuesta,
  rosterContenido,
  rosterFirmado,
  verificacion,
  verificarCodigo,
} from '@proveedores/domain';
