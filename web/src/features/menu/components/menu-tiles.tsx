import { Link } from 'react-router';
import type { MenuOption } from '@proveedores/domain';

/** Menu options from the server as clickable tiles: icon, title and description. */
export function MenuTiles({ options }: { options: MenuOption[] }) {
  return (
    <ul className="home-tiles" data-testid="menu-tiles">
      {options.map((o) => (
        <li key={o.id}>
          <Link to={`/${o.ruta.replace(/^\/+/, '')}`} className="home-tile" data-testid={`tile-${o.id}`}>
            <span className="home-tile-icon" aria-hidden="true">
              <i className={o.icono} />
            </span>
            <span className="home-tile-text">
              <span className="home-tile-title">{o.titulo}</span>
              <span className="home-tile-description">{o.descripcion}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
