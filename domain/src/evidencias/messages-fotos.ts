/**
 * The Spanish strings of photos taken on the site turned into one PDF (docs/decisions/140).
 */
export const FOTOS_MSG = {
  /** The control that opens the camera on a phone (a picker of images on a computer). */
  fotosTomar: 'Tomar fotos',
  fotosConvertir: 'Convertir fotos a PDF',
  fotosAgregar: 'Agregar otra foto',
  fotosAyuda:
    'Cada foto será una página del PDF, en este orden. Las fotos se reducen para que el PDF pese menos de 5 MB.',
  fotosTitulo: (n: number) => (n === 1 ? '1 foto para el PDF' : `${n} fotos para el PDF`),
  fotosLista: 'Fotos del PDF, en orden',
  /** Phone cameras name every photo alike ('image.jpg'): photos are named by their page. */
  fotosPagina: (n: number) => `Foto ${n}`,
  fotosSubir: (n: number) => `Subir la foto ${n} una página`,
  fotosBajar: (n: number) => `Bajar la foto ${n} una página`,
  fotosQuitar: (n: number) => `Quitar la foto ${n}`,
  fotosCrear: (n: number) => (n === 1 ? 'Crear PDF (1 foto)' : `Crear PDF (${n} fotos)`),
  fotosDescartar: 'Descartar fotos',
  fotosProcesando: (n: number, total: number) => `Preparando foto ${n} de ${total}...`,
  fotosNoImagen: (nombre: string) => `El archivo ${nombre} no es una foto (JPEG, PNG o HEIC).`,
  fotosIlegible: (nombre: string) =>
    `Este navegador no puede abrir la foto ${nombre}. Tómela en formato JPEG (en el iPhone: Ajustes > Cámara > Formatos > Más compatible).`,
  fotosMuyGrande: (n: number) =>
    `Las ${n} fotos no caben en un PDF de menos de 5 MB aunque se reduzcan. Quite algunas y súbalas en otro archivo.`,
  fotosError: 'No se pudo crear el PDF con las fotos. Inténtelo de nuevo o quite alguna foto.',
  fotosCreado: (nombre: string, paginas: number, kb: number) =>
    `Se creó ${nombre}: ${paginas} ${paginas === 1 ? 'página' : 'páginas'}, ${kb} KB.`,
} as const;
