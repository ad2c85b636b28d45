ALTER TABLE "requisitos" ADD COLUMN "carga_multiple" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "rol_empresa" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "documento_tipo" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "invitado_por" integer;--> statement-breakpoint
UPDATE "usuarios" SET "rol_empresa" = 'administrador' WHERE "empresa_id" IS NOT NULL AND "tipo" = 'default';--> statement-breakpoint
UPDATE "requisitos" SET "carga_multiple" = true WHERE "modulo" = 'sg-personal' AND "codigo" IN ('P08', 'P13', 'P14');
