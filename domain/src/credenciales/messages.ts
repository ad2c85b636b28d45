import { formatDia } from '../dates';

/**
 * The Spanish strings of site access (credenciales), apart from messages.ts so that the parts of this work
 * can be written side by side (decision 121); MSG spreads them, so every screen uses MSG.
 */
export const CREDENCIALES_MSG = {
  /** Why a scanned code is refused (decision 122): the gate shows these as they are. */
  credencialCodigoNoValido: 'Código no válido',
  credencialVencida: 'Credencial vencida',
  credencialRevocada: 'Credencial revocada',
  credencialOtroProyecto: 'No pertenece a este proyecto',
  /** verificarCodigo throws it where the browser has no WebCrypto (a page not served over HTTPS). */
  credencialSinWebCrypto: 'Este navegador no puede verificar el código: abra la portería por HTTPS.',
  /** The carnet. */
  credencialCarnetTitulo: 'Carnet de ingreso a obra',
  credencialVence: (dia: string | null) =>
    dia ? `Vence: ${formatDia(dia)}` : 'Vigente mientras el contrato esté activo',
  credencialFoto: 'Foto',
  credencialEmpresa: 'Empresa',
  credencialContrato: 'Contrato',
  credencialProyecto: 'Proyecto',
  credencialDocumento: 'Documento',
  credencialPdfTitulo: (contrato: string) => `Carnets del contrato ${contrato}`,
  credencialSinTrabajadores: 'El contrato no tiene trabajadores vinculados.',
  credencialContratoInactivo: 'El contrato no está activo: sus carnets ya no sirven para ingresar.',
  credencialYaRevocada: 'La credencial ya estaba revocada.',
  credencialMotivoRequerido: 'Escriba el motivo de la revocación.',
  // Staff: the 'Credenciales' tab on 'Personal en obra' (decision 131).
  obraTabCredenciales: 'Credenciales',
  credencialesTabla: 'Credenciales del proyecto',
  credencialesSinFilas: 'No hay credenciales emitidas. Use «Imprimir carnés» para emitirlas.',
  credencialesElijaContrato: 'Elija un contrato arriba para imprimir sus carnés.',
  credencialesColNumero: 'N.º',
  credencialesColEmitida: 'Emitida',
  credencialesColEstado: 'Estado',
  credencialesVigente: 'Vigente',
  credencialesRevocadaTag: 'Revocada',
  credencialesRevocadaPor: (quien: string, cuando: string, motivo: string) =>
    `Revocada por ${quien} el ${cuando}: ${motivo}`,
  credencialesRevocar: 'Revocar',
  credencialesRevocarTitulo: (nombre: string) => `Revocar la credencial de ${nombre}`,
  credencialesRevocarAviso:
    'El carné quedará rechazado en portería. La próxima impresión de carnés del contrato le emitirá uno nuevo.',
  credencialesMotivo: 'Motivo de la revocación',
  credencialesMotivoAyuda: 'Entre 5 y 300 caracteres.',
  credencialesConfirmarRevocar: 'Revocar credencial',
  credencialesCancelar: 'Cancelar',
  credencialesRevocadaOk: 'Credencial revocada.',
} as const;
