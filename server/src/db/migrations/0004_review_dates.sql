ALTER TABLE "entregas" ADD COLUMN "fechas_leidas" jsonb;--> statement-breakpoint
ALTER TABLE "entregas" ADD COLUMN "fechas_declaradas" jsonb;