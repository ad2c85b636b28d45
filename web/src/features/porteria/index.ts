// The gate's records as the staff read them on 'Personal en obra' (decision 175).
export { HorasHombrePanel } from './components/horas-hombre';
export { RegistrosPorteriaPanel } from './components/registros-porteria';
