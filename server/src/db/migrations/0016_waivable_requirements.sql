-- Whether a temporary authorization may stand in for a requirement at the gate (docs/decisions/182):
-- the default catalogue's conditions the law never lets a principal waive, with their norm. And the
-- heights certificate (P10) honours an end date it states (a competency certificate, decision 183),
-- where its rule is still the one first seeded.
ALTER TABLE "requisitos" ADD COLUMN "dispensable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "requisitos" ADD COLUMN "base_legal_dispensa" text;--> statement-breakpoint
UPDATE "requisitos" SET "dispensable" = false, "base_legal_dispensa" = 'Decreto 1072 de 2015 art. 2.2.4.6.28 num. 3'
  WHERE "modulo" = 'sg-sst' AND "codigo" = 'E04';--> statement-breakpoint
UPDATE "requisitos" SET "dispensable" = false, "base_legal_dispensa" = 'Decreto 1072 de 2015 art. 2.2.4.6.28 num. 3'
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P05';--> statement-breakpoint
UPDATE "requisitos" SET "dispensable" = false, "base_legal_dispensa" = 'Resolución 4272 de 2021 art. 32 lit. c; Resolución 1843 de 2025'
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P09';--> statement-breakpoint
UPDATE "requisitos" SET "dispensable" = false, "base_legal_dispensa" = 'Resolución 4272 de 2021 arts. 9 y 61'
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P10';--> statement-breakpoint
UPDATE "requisitos" SET "dispensable" = false, "base_legal_dispensa" = 'Resolución 4272 de 2021 arts. 9, 27 num. 4 y 61'
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P11';--> statement-breakpoint
UPDATE "requisitos" SET "dispensable" = false, "base_legal_dispensa" = 'Resolución 0491 de 2020'
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P12';;--> statement-breakpoint
UPDATE "requisitos" SET "regla_vigencia" = '{"tipo":"sin_vencimiento","vencimientoSiLoIndica":true,"baseLegal":"Resolución 4272 de 2021 (el certificado del nivel no vence; el reentrenamiento es P11; un certificado de competencia laboral vale hasta la fecha que indica)"}'::jsonb
  WHERE "modulo" = 'sg-personal' AND "codigo" = 'P10'
    AND "regla_vigencia" = '{"tipo":"sin_vencimiento","baseLegal":"Resolución 4272 de 2021 (el certificado del nivel no vence; el reentrenamiento es P11)"}'::jsonb;
