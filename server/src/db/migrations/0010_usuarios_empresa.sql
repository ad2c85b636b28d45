ALTER TABLE "usuarios" ADD COLUMN "rol_empresa" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "documento_tipo" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "invitado_por" integer;--> statement-breakpoint
UPDATE "usuarios" SET "rol_empresa" = 'administrador' WHERE "empresa_id" IS NOT NULL AND "tipo" = 'default';
