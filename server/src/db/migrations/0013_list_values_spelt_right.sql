-- Two list values of the worker form were first stored misspelt; they are stored spelt right from
-- now on and the domain reads the old spelling as the new one (docs/decisions/171).
UPDATE "empleados" SET "datos" = jsonb_set("datos", '{nivel_educativo}', '"PREGRADO"')
  WHERE "datos"->>'nivel_educativo' = 'PREGADO';--> statement-breakpoint
UPDATE "empleados" SET "datos" = jsonb_set("datos", '{nivel_certificado_curso_alturas}', '"VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINADOS"')
  WHERE "datos"->>'nivel_certificado_curso_alturas' = 'VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINDOS';
