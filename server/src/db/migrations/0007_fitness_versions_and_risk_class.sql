CREATE TABLE "salarios_minimos" (
	"ano" smallint PRIMARY KEY NOT NULL,
	"valor" integer NOT NULL,
	"norma" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actividades" ADD COLUMN "clase_riesgo" smallint DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "actividades" ADD CONSTRAINT "actividades_clase_riesgo_ck" CHECK ("clase_riesgo" BETWEEN 1 AND 5);
--> statement-breakpoint
-- The seeded activities' classes (Decreto 768 de 2022 table, server/src/db/seed.ts ACTIVIDADES);
-- an activity an administrator created keeps the default, class V (building work).
UPDATE "actividades" SET "clase_riesgo" = CASE "descripcion"
    WHEN 'Instalaciones eléctricas' THEN 3
    WHEN 'Instalaciones hidrosanitarias y de gas' THEN 3
    WHEN 'Transporte de materiales y escombros' THEN 3
    WHEN 'Suministro de materiales sin instalación' THEN 2
    WHEN 'Aseo y vigilancia' THEN 4
    ELSE 5 END;
--> statement-breakpoint
-- Fitness for site access (docs/decisions/126) reads more than the compliance counts do: the
-- worker's name and document, the company's name and state, the project's name and the temporary
-- authorizations. Their changes move the same counters, so one counter per company says "nothing
-- this company's fitness or counts depend on has changed". 'id' names rows whose own id is the
-- company (empresas).
CREATE OR REPLACE FUNCTION "cumplimiento_cambio_tr"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  IF TG_ARGV[0] = 'catalogo' THEN
    ids := ARRAY[0];
  ELSE
    IF TG_OP <> 'DELETE' THEN
      IF TG_ARGV[0] = 'empresa' THEN
        ids := ids || ARRAY(SELECT n.empresa_id FROM nuevas n);
      ELSIF TG_ARGV[0] = 'id' THEN
        ids := ids || ARRAY(SELECT n.id FROM nuevas n);
      ELSE
        ids := ids || ARRAY(SELECT c.empresa_id FROM nuevas n JOIN contratos c ON c.id = n.contrato_id);
      END IF;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      IF TG_ARGV[0] = 'empresa' THEN
        ids := ids || ARRAY(SELECT v.empresa_id FROM viejas v);
      ELSIF TG_ARGV[0] = 'id' THEN
        ids := ids || ARRAY(SELECT v.id FROM viejas v);
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
CREATE TRIGGER "empleados_cumplimiento_upd" AFTER UPDATE ON "empleados" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "empleados_cumplimiento_del" AFTER DELETE ON "empleados" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('empresa');
--> statement-breakpoint
CREATE TRIGGER "empresas_cumplimiento_upd" AFTER UPDATE ON "empresas" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('id');
--> statement-breakpoint
CREATE TRIGGER "autorizaciones_cumplimiento_ins" AFTER INSERT ON "autorizaciones_temporales" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('contrato');
--> statement-breakpoint
CREATE TRIGGER "autorizaciones_cumplimiento_upd" AFTER UPDATE ON "autorizaciones_temporales" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('contrato');
--> statement-breakpoint
CREATE TRIGGER "autorizaciones_cumplimiento_del" AFTER DELETE ON "autorizaciones_temporales" REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('contrato');
--> statement-breakpoint
CREATE TRIGGER "proyectos_cumplimiento" AFTER INSERT OR UPDATE OR DELETE ON "proyectos"
  FOR EACH STATEMENT EXECUTE FUNCTION cumplimiento_cambio_tr('catalogo');
--> statement-breakpoint
-- SMMLV per year, each with its decree (editable afterwards by administrators). 2026's figure was
-- recorded without an official copy at hand: check it against the decree (docs/decisions/128).
INSERT INTO "salarios_minimos" ("ano", "valor", "norma") VALUES
  (2017, 737717, 'Decreto 2209 de 2016'),
  (2018, 781242, 'Decreto 2269 de 2017'),
  (2019, 828116, 'Decreto 2451 de 2018'),
  (2020, 877803, 'Decreto 2360 de 2019'),
  (2021, 908526, 'Decreto 1785 de 2020'),
  (2022, 1000000, 'Decreto 1724 de 2021'),
  (2023, 1160000, 'Decreto 2613 de 2022'),
  (2024, 1300000, 'Decreto 2292 de 2023'),
  (2025, 1423500, 'Decreto 1572 de 2024'),
  (2026, 1750905, 'Decreto 1469 de 2025')
ON CONFLICT ("ano") DO NOTHING;
