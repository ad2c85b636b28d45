import { jsPDF } from 'jspdf';
import { formatDia, formatDiaHora, MSG, type Respuesta0312 } from '@proveedores/domain';
import type { AutoevaluacionRespuestaServidor } from './calificacion';

/**
 * The signed self-evaluation as the art. 27 form on A4 (docs/decisions/135): the company, the 60
 * items with answer and points, the score, the art. 28 band with its action and due dates, the
 * improvement plan, the signatures and the legal warning accepted (Resolución 0312 de 2019 arts.
 * 27-28; Ley 599 de 2000 arts. 287, 288, 291 y 294). Standard Helvetica (Latin-1: Spanish text).
 * Every date reads dd/mm/aaaa (formatDia/formatDiaHora, decisions 092, 168).
 */
const P = MSG.autoevaluacionPdf;
const PAGE = { w: 210, h: 297 };
const M = 14;
const ANCHO = PAGE.w - 2 * M;
const BOTTOM = PAGE.h - 16;

const puntos = (n: number) => n.toFixed(2).replace('.', ',');

export type DatosPdf = {
  evaluacion: AutoevaluacionRespuestaServidor;
  empresa: { nit: string; razonSocial: string };
  firmadaPor: string;
};

export function autoevaluacionPdf({ evaluacion: e, empresa, firmadaPor }: DatosPdf): Buffer {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  let y = M;

  const salto = (alto: number, alSaltar?: () => void) => {
    if (y + alto <= BOTTOM) return;
    doc.addPage();
    y = M;
    alSaltar?.();
  };
  const parrafo = (texto: string, size = 9, estilo: 'normal' | 'bold' = 'normal') => {
    doc.setFont('helvetica', estilo);
    doc.setFontSize(size);
    const lineas = doc.splitTextToSize(texto, ANCHO) as string[];
    const alto = size * 0.42;
    for (const l of lineas) {
      salto(alto);
      doc.text(l, M, y + alto * 0.8);
      y += alto;
    }
    y += 1;
  };
  const titulo = (texto: string) => {
    salto(12);
    y += 2;
    parrafo(texto, 11, 'bold');
  };

  /** A table with wrapped cells; the header repeats on every page. */
  const tabla = (cols: { titulo: string; ancho: number }[], filas: string[][], size = 7.5) => {
    const alto = size * 0.42;
    const cabecera = () => {
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(size);
      doc.setFillColor(230, 230, 230);
      doc.rect(M, y, ANCHO, alto + 2, 'F');
      let x = M;
      for (const c of cols) {
        doc.text(c.titulo, x + 1, y + alto + 0.4);
        x += c.ancho;
      }
      y += alto + 2;
    };
    salto(alto * 3 + 2);
    cabecera();
    doc.setFont('helvetica', 'normal');
    for (const fila of filas) {
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(size);
      const celdas = fila.map((t, i) => doc.splitTextToSize(t, cols[i].ancho - 2) as string[]);
      const h = Math.max(...celdas.map((c) => c.length)) * alto + 1.5;
      salto(h, cabecera);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(size);
      let x = M;
      celdas.forEach((lineas, i) => {
        lineas.forEach((l, k) => doc.text(l, x + 1, y + alto * (k + 0.8) + 0.5));
        x += cols[i].ancho;
      });
      y += h;
      doc.setDrawColor(200, 200, 200);
      doc.line(M, y, M + ANCHO, y);
    }
    y += 3;
  };

  parrafo(P.titulo, 14, 'bold');
  parrafo(P.norma, 9);
  parrafo(
    `${P.empresa}: ${empresa.razonSocial}   ${P.nit}: ${empresa.nit}   ${P.ano}: ${e.ano}   ${P.version}: ${e.version}`,
    9,
  );
  parrafo(
    `${P.trabajadores}: ${e.trabajadores}   ${P.claseRiesgo}: ${e.claseRiesgo}   ${P.lista(e.lista)}`,
    9,
  );

  const etiqueta = (r: Respuesta0312 | null, fuera: boolean) =>
    fuera ? P.fueraDeLista : r ? MSG.autoevaluacionRespuestas[r] : P.sinRespuesta;
  tabla(
    [
      { titulo: P.cabecera[0], ancho: 14 },
      { titulo: P.cabecera[1], ancho: 100 },
      { titulo: P.cabecera[2], ancho: 14 },
      { titulo: P.cabecera[3], ancho: 40 },
      { titulo: P.cabecera[4], ancho: ANCHO - 168 },
    ],
    e.items.map((i) => [
      i.codigo,
      i.justificacion ? `${i.nombre}. ${i.justificacion}` : i.nombre,
      puntos(i.peso),
      etiqueta(i.respuesta, i.fueraDeLista),
      puntos(i.puntos),
    ]),
  );

  titulo(`${P.puntaje}: ${puntos(e.puntaje)} %`);
  parrafo(`${P.porcentajeLista}: ${puntos(e.porcentajeLista)} %`);
  parrafo(`${P.clasificacion}: ${e.clasificacion} (${e.valoracion.criterio})`, 10, 'bold');
  parrafo(`${P.acciones}: ${e.valoracion.accion}`);
  const plazos = [
    e.plazos.reporteArl ? `${P.reporteArl} ${formatDia(e.plazos.reporteArl)}` : null,
    e.plazos.avancesJulio ? `${P.avancesJulio} ${formatDia(e.plazos.avancesJulio)}` : null,
  ].filter((t): t is string => t !== null);
  if (plazos.length > 0) parrafo(`${P.plazos}: ${plazos.join('; ')}.`);

  titulo(P.plan);
  if (e.plan.length === 0) parrafo(P.sinPlan);
  else
    tabla(
      [
        { titulo: P.planCabecera[0], ancho: 14 },
        { titulo: P.planCabecera[1], ancho: 60 },
        { titulo: P.planCabecera[2], ancho: 32 },
        { titulo: P.planCabecera[3], ancho: 20 },
        { titulo: P.planCabecera[4], ancho: 38 },
        { titulo: P.planCabecera[5], ancho: ANCHO - 164 },
      ],
      e.plan.map((a) => [
        a.codigo,
        a.actividad ?? '',
        a.responsable ?? '',
        formatDia(a.plazo),
        a.recursos ?? '',
        MSG.autoevaluacionEstadosPlan[a.estado],
      ]),
    );

  titulo(P.firmas);
  if (e.firma) {
    parrafo(
      `${P.representante}: ${e.firma.representante.nombre}. ${P.documento}: ${e.firma.representante.documento}`,
    );
    parrafo(
      `${P.responsable}: ${e.firma.responsable.nombre}. ${P.documento}: ${e.firma.responsable.documento}`,
    );
    parrafo(`${P.firmadaEl} ${formatDiaHora(e.firma.firmadaAt)}. ${P.firmadaPor}: ${firmadaPor}`);
  }
  parrafo(`${P.advertencia}: ${e.advertenciaLegal}`, 8);

  const total = doc.getNumberOfPages();
  for (let n = 1; n <= total; n++) {
    doc.setPage(n);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(7);
    doc.text(`${P.titulo} ${e.ano} - ${empresa.nit} - ${P.pagina(n, total)}`, M, PAGE.h - 8);
  }
  return Buffer.from(doc.output('arraybuffer'));
}
