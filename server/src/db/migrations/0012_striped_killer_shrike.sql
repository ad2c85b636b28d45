ALTER TABLE "empresas" ADD COLUMN "representante_nombre" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "representante_documento" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "responsable_sgsst_nombre" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "responsable_sgsst_documento" text;