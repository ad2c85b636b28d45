-- The default catalogue's legal bases brought up to date (docs/decisions/180, docs/normas.md): only
-- where a row still holds the text first seeded, so an administrator's own wording stays. The
-- Comité de Convivencia Laboral (E13) is owed by every employer since Resolución 3461 de 2025: it is
-- no longer optional, whatever was set, as the law leaves no room. 2026's SMMLV decree is the one
-- that re-issued the suspended Decreto 1469 de 2025, with the same figure. The induction (P13) is
-- of the work zone: one per project, like the heights re-training, renewed after 12 months; where
-- its rule is still the one first seeded.
UPDATE "requisitos" SET "base_legal" = 'Decreto 1072 de 2015 arts. 2.2.4.6.5 a 2.2.4.6.7 (revisión anual: art. 2.2.4.6.6 num. 5)'
  WHERE "modulo" = 'sg-sst' AND "codigo" = 'E06' AND "base_legal" = 'Decreto 1072 de 2015 arts. 2.2.4.6.5 a 2.2.4.6.7';--> statement-breakpoint
UPDATE "requisitos" SET "regla_vigencia" = jsonb_set("regla_vigencia", '{baseLegal}', '"Decreto 1072 de 2015 art. 2.2.4.6.6 num. 5 (la política se revisa como mínimo una vez al año)"')
  WHERE "modulo" = 'sg-sst' AND "codigo" = 'E06'
    AND "regla_vigencia"->>'baseLegal' = 'Decreto 1072 de 2015 art. 2.2.4.6.5 (la política se revisa como mínimo una vez al año)';--> statement-breakpoint
UPDATE "requisitos" SET "opcional" = false WHERE "modulo" = 'sg-sst' AND "codigo" = 'E13';--> statement-breakpoint
UPDATE "requisitos" SET "base_legal" = 'Resolución 3461 de 2025 (derogó las Resoluciones 652 y 1356 de 2012; comité obligatorio para todo empleador)'
  WHERE "modulo" = 'sg-sst' AND "codigo" = 'E13' AND "base_legal" = 'Resoluciones 652 y 1356 de 2012';--> statement-breakpoint
UPDATE "requisitos" SET "regla_vigencia" = jsonb_set("regla_vigencia", '{baseLegal}', '"Resolución 3461 de 2025 (comité de convivencia: período de dos años)"')
  WHERE "modulo" = 'sg-sst' AND "codigo" = 'E13'
    AND "regla_vigencia"->>'baseLegal' = 'Resoluciones 652 y 1356 de 2012 (período de dos años del comité)';--> statement-breakpoint
UPDATE "requisitos" SET "base_legal" = 'Resolución 156 de 2005 art. 3, modificada por la Resolución 2851 de 2015 (FURAT a la ARL y la EPS en dos días hábiles); Resolución 1401 de 2007 (investigación)'
  WHERE "modulo" = 'g-riesgo' AND "codigo" = 'M05' AND "base_legal" = 'Resolución 1401 de 2007';--> statement-breakpoint
UPDATE "requisitos" SET "regla_vigencia" = jsonb_set("regla_vigencia", '{baseLegal}', '"Resolución 156 de 2005 art. 3, modificada por la Resolución 2851 de 2015; Resolución 1401 de 2007"')
  WHERE "modulo" = 'g-riesgo' AND "codigo" = 'M05' AND "regla_vigencia"->>'baseLegal' = 'Resolución 1401 de 2007';--> statement-breakpoint
UPDATE "salarios_minimos" SET "norma" = 'Decreto 0159 de 2026'
  WHERE "ano" = 2026 AND "norma" = 'Decreto 1469 de 2025';--> statement-breakpoint
UPDATE "requisitos" SET "regla_vigencia" = '{"tipo":"por_proyecto","mesesSinCambio":12,"baseLegal":"Decreto 1072 de 2015 art. 2.2.4.6.28 num. 4 (inducción en los peligros de la zona de trabajo, antes de iniciar el contrato) y art. 2.2.4.6.11 (inducción y reinducción)"}'::jsonb
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P13'
    AND "regla_vigencia" = '{"tipo":"dias_desde_expedicion","dias":365,"baseLegal":"Decreto 1072 de 2015 art. 2.2.4.6.11 (inducción y reinducción)"}'::jsonb;--> statement-breakpoint
UPDATE "requisitos" SET "base_legal" = 'Decreto 1072 de 2015 arts. 2.2.4.6.11 y 2.2.4.6.28 num. 4 (por zona de trabajo: una por proyecto)'
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P13' AND "base_legal" = 'Decreto 1072 de 2015 art. 2.2.4.6.11';
