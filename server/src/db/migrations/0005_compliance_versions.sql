CREATE TABLE "cumplimiento_versiones" (
	"empresa_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The staff compliance cache's change counters (docs/decisions/119). Values come from a sequence so a
-- counter never takes a value it had before, even across deletes; they are written in the writer's
-- transaction, so a reader sees a counter move exactly when it sees the change.
CREATE SEQUENCE "cumplimiento_version_seq";
--> statement-breakpoint
CREATE FUNCTION "cumplimiento_cambio"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cumplimiento_versiones (empresa_id, version)
  SELECT d.i, nextval('cumplimiento_version_seq')
    FROM (SELECT DISTINCT u.i FROM unnest(ids) AS u(i) WHERE u.i IS NOT NULL ORDER BY u.i) AS d
  ON CONFLICT (empresa_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- One statement-level trigger function; TG_ARGV[0] says what the rows name: 'empresa' (an empresa_id
-- column), 'contrato' (a contrato_id column) or 'catalogo' (row 0). New and old rows come from the
-- transition tables, so a batch insert costs one update per company, not one per row.
CREATE FUNCTION "cumplimiento_cambio_tr"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  IF TG_ARGV[0] = 'catalogo' THEN
    ids := ARRAY[0];
  ELSE
    IF TG_OP <> 'DELETE' THEN
      IF TG_ARGV[0] = 'empresa' THEN
        ids := ids || ARRAY(SELECT n.empresa_id FROM nuevas n);
      ELSE
        ids := ids || ARRAY(SELECT c.empresa_id FROM nuevas n JOIN contratos c ON c.id = n.contrato_id);
      END IF;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      IF TG_ARGV[0] = 'empresa' THEN
        ids := ids || ARRAY(SELECT v.empresa_id FROM viejas v);
      ELSE
        ids := ids || ARRAY(SELECT c.empresa_id FROM viejas v JOIN contratos c ON c.id = v.contrato_id);
      END IF;
    END IF;
  END IF;
  PERFORM cumplimiento_cambio(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "entregas_cumplimiento_ins" AFTER INSERT ON "entregas" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "entregas_cumplimiento_upd" AFTER UPDATE ON "entregas" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "entregas_cumplimiento_del" AFTER DELETE ON "entregas" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "contratos_cumplimiento_ins" AFTER INSERT ON "contratos" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "contratos_cumplimiento_upd" AFTER UPDATE ON "contratos" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "contratos_cumplimiento_del" AFTER DELETE ON "contratos" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "empleados_contratos_cumplimiento_ins" AFTER INSERT ON "empleados_contratos" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('contrato');
--> statement-breakpoint
CREATE TRIGGER "empleados_contratos_cumplimiento_upd" AFTER UPDATE ON "empleados_contratos" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('contrato');
--> statement-breakpoint
CREATE TRIGGER "empleados_contratos_cumplimiento_del" AFTER DELETE ON "empleados_contratos" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('contrato');
--> statement-breakpoint
CREATE TRIGGER "requisitos_cumplimiento" AFTER INSERT OR UPDATE OR DELETE ON "requisitos"
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('catalogo');
--> statement-breakpoint
CREATE TRIGGER "actividades_cumplimiento" AFTER INSERT OR UPDATE OR DELETE ON "actividades"
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('catalogo');
