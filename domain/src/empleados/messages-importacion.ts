/**
 * The Spanish strings of the roster import from an Excel template (docs/decisions/137).
 */
const miles = (n: number) => n.toLocaleString('es-CO');

export const IMPORTACION_MSG = {
  importButton: 'Importar trabajadores',
  importTitle: 'Importar trabajadores',
  importIntro:
    'Descargue la plantilla, diligencie un trabajador por fila y súbala. Verá cada error por fila y columna antes de importar; nada se guarda hasta que confirme.',
  importContract: (contrato: string) => `Contrato: ${contrato}`,
  importDownloadTemplate: 'Descargar plantilla',
  importChooseFile: 'Subir plantilla diligenciada',
  importReading: 'Validando el archivo…',
  importOnlyErrors: 'Ver solo filas con errores',
  importConfirm: (n: number) => `Importar ${miles(n)} trabajadores válidos`,
  importNothingValid: 'No hay filas válidas para importar.',
  importAnother: 'Subir otro archivo',
  importClose: 'Cerrar',
  importPreviewCaption: 'Filas de la plantilla',
  importErrorsCaption: 'Errores encontrados',
  importColFila: 'Fila',
  importColColumna: 'Columna',
  importColMensaje: 'Mensaje',
  importColDocumento: 'Documento',
  importColNombre: 'Nombre',
  importColAccion: 'Resultado',
  importAccion: (accion: string) =>
    ({ crear: 'Nuevo', actualizar: 'Se actualiza', 'sin cambios': 'Sin cambios' })[accion] ?? 'Con errores',
  importPreviewSummary: (validas: number, errores: number, filas: number) =>
    `${miles(filas)} filas: ${miles(validas)} válidas, ${miles(errores)} con errores.`,
  importFileRefused: 'El archivo no se puede importar:',
  importDone: (creados: number, actualizados: number, sinCambios: number, rechazados: number) =>
    `Importación terminada: ${miles(creados)} creados, ${miles(actualizados)} actualizados, ${miles(sinCambios)} sin cambios, ${miles(rechazados)} rechazados.`,
  importNeedsContract: 'Seleccione un contrato para importar trabajadores.',
  importConfirmRequired: 'Confirme la importación de los trabajadores válidos.',
  importNotXlsx: 'La plantilla debe ser un archivo de Excel (.xlsx) descargado de este portal.',
  importUnreadable: 'No se pudo leer el archivo de Excel. Descargue la plantilla de nuevo y diligénciela.',
  importNoSheet: (hoja: string) => `El archivo no tiene la hoja '${hoja}' de la plantilla.`,
  importOtherVersion: (version: string, esperada: string) =>
    `La plantilla es de otra versión (${version || 'sin versión'}); descargue la plantilla vigente (${esperada}).`,
  importEmpty: 'La plantilla no tiene trabajadores: diligencie al menos una fila debajo de los encabezados.',
  importTooManyRows: (filas: number, max: number) =>
    `El archivo tiene ${miles(filas)} filas de trabajadores; el máximo por importación es ${miles(max)}. Divida el archivo e impórtelo por partes.`,
  /** The sheet declares or holds more rows than are read (`masDe`: counted up to the limit only). */
  importSheetTooLarge: (hoja: string, filas: number, max: number, maxTrabajadores: number, masDe = false) =>
    `La hoja '${hoja}' tiene ${masDe ? 'más de ' : ''}${miles(filas)} filas; el máximo que se lee es ${miles(max)} filas (hasta ${miles(maxTrabajadores)} trabajadores). Elimine las filas sobrantes, también las vacías que conservan formato, o divida el archivo e impórtelo por partes.`,
  importSheetTooManyCells: (hoja: string, max: number) =>
    `La hoja '${hoja}' tiene más de ${miles(max)} celdas; elimine las columnas y filas sobrantes o divida el archivo e impórtelo por partes.`,
  importTooLargeUnzipped:
    'El contenido del archivo de Excel es demasiado grande para importarlo; divida el archivo e impórtelo por partes.',
  columnaSobrante: (letra: string, leido: string) =>
    `La columna ${letra} ('${leido}') no es de la plantilla; elimínela.`,
  columnaFaltante: (letra: string, esperado: string) =>
    `Falta la columna ${letra} ('${esperado}') de la plantilla.`,
  columnaCambiada: (letra: string, esperado: string, leido: string) =>
    `La columna ${letra} debe ser '${esperado}' y dice '${leido}'.`,
  importFormula: (celda: string) => `La celda ${celda} tiene una fórmula; escriba el valor directamente.`,
  importMerged: (rango: string) => `Las celdas ${rango} están combinadas; sepárelas (una celda por dato).`,
  importDateAsText: (celda: string, texto: string) =>
    `La celda ${celda} tiene la fecha '${texto}' escrita como texto; escríbala como fecha de Excel (formato AAAA-MM-DD).`,
  importDateAsNumber: (celda: string) =>
    `La celda ${celda} tiene un número donde va una fecha; escríbala como fecha de Excel (formato AAAA-MM-DD).`,
  importDuplicate: (filaAnterior: number) => `El trabajador ya está en la fila ${filaAnterior} del archivo.`,
  importRowLabel: (fila: number | null) => (fila === null ? 'Archivo' : `Fila ${fila}`),
};
