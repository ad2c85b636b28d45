ALTER TABLE "entregas" ADD COLUMN "fecha_expedicion" date;--> statement-breakpoint
ALTER TABLE "entregas" ADD COLUMN "fecha_vencimiento_doc" date;--> statement-breakpoint
ALTER TABLE "entregas" ADD COLUMN "proximo_examen" date;--> statement-breakpoint
ALTER TABLE "entregas" ADD COLUMN "periodo_certificado" text;--> statement-breakpoint
ALTER TABLE "requisitos" ADD COLUMN "regla_vigencia" jsonb;