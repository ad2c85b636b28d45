// Generates web/public/guia-usuario-proveedores.pdf, the user guide linked from the login screen.
// Run once after editing the text (node web/scripts/make-user-guide.mjs) and commit the PDF.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsPDF } from 'jspdf';

const TEAL = [20, 81, 96];
const GREEN = [161, 216, 26];
const out = fileURLToPath(new URL('../public/guia-usuario-proveedores.pdf', import.meta.url));

const sections = [
  [
    '1. Ingreso al portal',
    [
      'Escriba la identificación (NIT sin dígito de verificación) y la contraseña, y presione Continuar.',
      'Lea el aviso de protección de datos personales, marque la casilla "No soy un robot" y presione Ingresar.',
      'Si se equivoca, el portal muestra el motivo; vuelva a presionar Continuar y resuelva de nuevo la verificación.',
      'Al pegar la contraseña, el portal le quita los espacios en blanco.',
    ],
  ],
  [
    '2. Registro y recuperación de contraseña',
    [
      'Use "Registrate" la primera vez, u "Olvidé mi contraseña" si ya no la recuerda.',
      'Escriba su identificación y presione Continuar: verá el correo registrado, parcialmente oculto.',
      'Marque la casilla del correo y presione Registrar. Recibirá una contraseña temporal que vence en 24 horas y sirve una sola vez.',
      'Al ingresar con la contraseña temporal el portal lo lleva a Configuraciones para que la cambie.',
    ],
  ],
  [
    '3. Proyecto (contrato)',
    [
      'Con el enlace Proyecto elija el contrato con el que va a trabajar, o registre uno nuevo con proyecto, tipo de contrato, actividad y objeto del contrato.',
      'Los documentos que se piden dependen de la actividad del contrato (por ejemplo, trabajo en alturas o espacios confinados).',
    ],
  ],
  [
    '4. Carga de documentos',
    [
      'En SG-SST, Ingreso de Personal, Gestión del riesgo y Retenidos verá los documentos requeridos y su estado: Pendiente por cargar, Rechazado, Cargado pendiente por aprobar, Aprobado o Vencido.',
      'Cada archivo debe pesar menos de 5 MB y tener una de las extensiones indicadas en la fila.',
      'Si un requisito no aplica, deje un comentario en lugar del archivo.',
      'Un documento rechazado muestra el motivo; cargue uno nuevo para corregirlo.',
    ],
  ],
  [
    '5. Configuraciones',
    [
      'Cambie su contraseña (entre 8 y 128 caracteres, con letras y números). Después del cambio la sesión se cierra y debe ingresar de nuevo.',
      'Registre el correo donde quiere recibir las notificaciones del portal.',
    ],
  ],
  [
    '6. Ayuda',
    [
      'Si tiene problemas para ingresar, escriba al buzón de gestión SST describiendo el incidente; pronto nos pondremos en contacto con usted.',
      'Por seguridad, la sesión se cierra sola cuando vence. Use siempre Cerrar Sesión al terminar.',
    ],
  ],
];

const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
doc.setProperties({
  title: 'Guía de usuario - proveedores',
  subject: 'Portal de proveedores SG-SST',
  creator: 'proveedores',
});
const width = doc.internal.pageSize.getWidth();
const height = doc.internal.pageSize.getHeight();
const margin = 18;

doc.setFillColor(...TEAL);
doc.rect(0, 0, width, 32, 'F');
doc.setFillColor(...GREEN);
doc.rect(0, 32, width, 2.5, 'F');
doc.setTextColor(255, 255, 255);
doc.setFont('helvetica', 'bold');
doc.setFontSize(22);
doc.text('proveedores', margin, 17);
doc.setFont('helvetica', 'normal');
doc.setFontSize(11);
doc.text('Guía de usuario del portal de proveedores (SG-SST)', margin, 25);

let y = 46;
doc.setTextColor(40, 40, 40);
doc.setFontSize(10.5);
const intro =
  'El portal permite a los contratistas gestionar en línea sus requisitos del Sistema de Gestión de Seguridad y Salud en el Trabajo (SG-SST) y hacer seguimiento a su cumplimiento.';
for (const line of doc.splitTextToSize(intro, width - 2 * margin)) {
  doc.text(line, margin, y);
  y += 5.2;
}
y += 3;

for (const [title, items] of sections) {
  if (y > height - 40) {
    doc.addPage();
    y = 22;
  }
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(12.5);
  doc.setTextColor(...TEAL);
  doc.text(title, margin, y);
  y += 6.5;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10.5);
  doc.setTextColor(40, 40, 40);
  for (const item of items) {
    const lines = doc.splitTextToSize(item, width - 2 * margin - 6);
    doc.setFillColor(...GREEN);
    doc.circle(margin + 1.5, y - 1.2, 1, 'F');
    for (const line of lines) {
      doc.text(line, margin + 6, y);
      y += 5.2;
    }
    y += 1.5;
  }
  y += 3;
}

const pages = doc.getNumberOfPages();
for (let i = 1; i <= pages; i++) {
  doc.setPage(i);
  doc.setFontSize(8.5);
  doc.setTextColor(120, 120, 120);
  doc.text(`proveedores - Guía de usuario - página ${i} de ${pages}`, margin, height - 10);
}

writeFileSync(out, Buffer.from(doc.output('arraybuffer')));
console.log(`wrote ${out}`);
