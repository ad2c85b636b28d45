/**
 * Spanish names of PrimeReact's own controls (paginator, dialogs, dropdowns, tables), read out by
 * screen readers. Apart from MSG so the login route does not carry them: the signed-in shell
 * registers them (web/src/app/prime-locale.ts). `{page}` is PrimeReact's placeholder.
 */
export const PRIME_ARIA_ES = {
  close: 'Cerrar',
  firstPageLabel: 'Primera página',
  lastPageLabel: 'Última página',
  nextPageLabel: 'Página siguiente',
  prevPageLabel: 'Página anterior',
  pageLabel: 'Página {page}',
  rowsPerPageLabel: 'Filas por página',
  jumpToPageDropdownLabel: 'Ir a la página',
  jumpToPageInputLabel: 'Ir a la página',
  next: 'Siguiente',
  previous: 'Anterior',
  navigation: 'Navegación',
  selectAll: 'Todos los elementos seleccionados',
  unselectAll: 'Ningún elemento seleccionado',
  selectLabel: 'Seleccionar',
  unselectLabel: 'Quitar selección',
  selectRow: 'Fila seleccionada',
  expandLabel: 'Expandir',
  collapseLabel: 'Contraer',
  expandRow: 'Fila expandida',
  collapseRow: 'Fila contraída',
  trueLabel: 'Sí',
  falseLabel: 'No',
  nullLabel: 'Sin seleccionar',
  listLabel: 'Lista de opciones',
  removeLabel: 'Quitar',
  scrollTop: 'Volver arriba',
  showFilterMenu: 'Mostrar filtro',
  hideFilterMenu: 'Ocultar filtro',
} as const;
