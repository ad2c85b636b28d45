CREATE TABLE "autoevaluaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"ano" smallint NOT NULL,
	"version" integer NOT NULL,
	"trabajadores" integer NOT NULL,
	"clase_riesgo" smallint NOT NULL,
	"lista" smallint NOT NULL,
	"puntaje" numeric(5, 2) NOT NULL,
	"clasificacion" text NOT NULL,
	"respuestas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"firmada_at" timestamp with time zone,
	"firmas" jsonb,
	"entrega_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tipos_contrato" ADD COLUMN "puntaje_minimo_0312" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "autoevaluaciones" ADD CONSTRAINT "autoevaluaciones_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autoevaluaciones" ADD CONSTRAINT "autoevaluaciones_entrega_id_entregas_id_fk" FOREIGN KEY ("entrega_id") REFERENCES "public"."entregas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autoevaluaciones_empresa_ano_version_uq" ON "autoevaluaciones" USING btree ("empresa_id","ano","version");