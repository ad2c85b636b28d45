CREATE TABLE "pila_planillas" (
	"id" serial PRIMARY KEY NOT NULL,
	"entrega_id" integer NOT NULL,
	"empresa_id" integer NOT NULL,
	"contrato_id" integer NOT NULL,
	"ano" smallint NOT NULL,
	"mes" smallint NOT NULL,
	"veredicto" text NOT NULL,
	"conciliacion" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pila_planillas_entrega_id_unique" UNIQUE("entrega_id")
);
--> statement-breakpoint
ALTER TABLE "empleados_contratos" ADD COLUMN "fecha_retiro" date;--> statement-breakpoint
ALTER TABLE "pila_planillas" ADD CONSTRAINT "pila_planillas_entrega_id_entregas_id_fk" FOREIGN KEY ("entrega_id") REFERENCES "public"."entregas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pila_planillas" ADD CONSTRAINT "pila_planillas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pila_planillas" ADD CONSTRAINT "pila_planillas_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pila_planillas_contrato_idx" ON "pila_planillas" USING btree ("contrato_id","ano","mes");