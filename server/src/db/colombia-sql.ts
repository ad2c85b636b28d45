import { sql, type SQL } from 'drizzle-orm';
import { ZONA_COLOMBIA } from '@proveedores/domain';

/**
 * The SQL twins of domain/src/calendario.ts (decision 174): Colombia's wall clock for a timestamptz,
 * and the instant a Colombian day starts, with the zone taken from the domain. The zone name is
 * written nowhere else in the server's SQL.
 */

/** A timestamptz read on Colombia's wall clock (a timestamp without zone). */
export const horaColombiaSql = (instante: SQL): SQL => sql`(${instante} AT TIME ZONE ${ZONA_COLOMBIA})`;

/** The Colombian calendar day of a timestamptz. */
export const diaColombiaSql = (instante: SQL): SQL => sql`(${horaColombiaSql(instante)})::date`;

/** The instant (timestamptz) a Colombian day starts; `dia` a date expression or an ISO day value. */
export const inicioDiaColombiaSql = (dia: SQL): SQL =>
  sql`((${dia})::date::timestamp AT TIME ZONE ${ZONA_COLOMBIA})`;
