// The home page's tiles (decision 175).
export { MenuTiles } from './components/menu-tiles';
export { menuQueryOptions } from './api/menu';
