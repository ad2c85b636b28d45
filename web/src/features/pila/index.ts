// What other capabilities show of PILA: the contractor's dialog and periods on the evidence pages,
// the reviewer's reconciliation, the staff's per-contract periods (decision 175).
export { ContractPila } from './components/contract-pila';
export { PilaConciliacionSeccion, REQUISITO_PILA } from './components/pila-conciliacion';
export { PilaPeriodosR03 } from './components/pila-contratista';
export { PilaDialog, type PilaDialogoAbierto } from './components/pila-dialog';
export { PilaMatrizBoton } from './components/pila-matriz-boton';
export { pilaPeriodosQueryOptions } from './api/contratista';
