import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import {
  formatDiaHora,
  ROLES_EMPRESA_OPCIONES,
  TIPOS_DOCUMENTO_USUARIO,
  type UsuarioEmpresa,
  USUARIOS_EMPRESA_MSG,
} from '@proveedores/domain';
import '@/components/stack-table.css';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { toTitleCase } from '@/lib/text';
import { showToast } from '@/lib/toast';
import { accionUsuario, usuariosEmpresaQueryOptions } from '../api/usuarios-empresa';
import { InvitarUsuarioDialog } from './invitar-usuario-dialog';
import './usuarios-empresa.css';

const rolLabel = (rol: string) => ROLES_EMPRESA_OPCIONES.find((r) => r.value === rol)?.label ?? rol;
const documento = (u: UsuarioEmpresa) =>
  u.cuentaEmpresa
    ? `NIT ${u.documento}`
    : `${(TIPOS_DOCUMENTO_USUARIO as readonly string[]).includes(u.tipoDocumento ?? '') ? u.tipoDocumento : ''} ${u.documento}`.trim();

/**
 * 'Usuarios de la empresa' (docs/decisions/136): the company's users, 'Invitar usuario', disable and
 * enable with a confirmation, a new one-time password. Shown to company administrators only.
 */
export function UsuariosEmpresa() {
  const queryClient = useQueryClient();
  const usuarios = useQuery(usuariosEmpresaQueryOptions());
  const [inviting, setInviting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: usuariosEmpresaQueryOptions().queryKey });

  const accion = useMutation({
    mutationFn: (a: { id: number; accion: 'deshabilitar' | 'habilitar' | 'reenviar' }) =>
      accionUsuario(a.id, a.accion),
    onSuccess: (res) => {
      showToast({
        severity: 'success',
        summary: USUARIOS_EMPRESA_MSG.usuariosEmpresaTitle,
        detail: res.message,
      });
      void refresh();
    },
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const confirmar = async (u: UsuarioEmpresa, que: 'deshabilitar' | 'habilitar') => {
    const text =
      que === 'deshabilitar'
        ? USUARIOS_EMPRESA_MSG.usuarioDeshabilitarConfirm(toTitleCase(u.nombre))
        : USUARIOS_EMPRESA_MSG.usuarioHabilitarConfirm(toTitleCase(u.nombre));
    const label =
      que === 'deshabilitar'
        ? USUARIOS_EMPRESA_MSG.usuarioDeshabilitar
        : USUARIOS_EMPRESA_MSG.usuarioHabilitar;
    if (await alerts.confirm(text, { confirmText: label, cancelText: USUARIOS_EMPRESA_MSG.usuarioCancelar }))
      accion.mutate({ id: u.id, accion: que });
  };

  const acciones = (u: UsuarioEmpresa) =>
    u.cuentaEmpresa ? (
      <span>{USUARIOS_EMPRESA_MSG.usuarioCuentaEmpresa}</span>
    ) : (
      <div className="usuario-acciones">
        {u.activo && (
          <Button
            type="button"
            size="small"
            text
            icon="pi pi-envelope"
            label={USUARIOS_EMPRESA_MSG.usuarioReenviar}
            onClick={() => accion.mutate({ id: u.id, accion: 'reenviar' })}
            data-testid={`usuario-reenviar-${u.documento}`}
          />
        )}
        <Button
          type="button"
          size="small"
          outlined
          severity={u.activo ? 'danger' : undefined}
          icon={u.activo ? 'pi pi-ban' : 'pi pi-check'}
          label={u.activo ? USUARIOS_EMPRESA_MSG.usuarioDeshabilitar : USUARIOS_EMPRESA_MSG.usuarioHabilitar}
          aria-label={`${u.activo ? USUARIOS_EMPRESA_MSG.usuarioDeshabilitar : USUARIOS_EMPRESA_MSG.usuarioHabilitar}: ${u.nombre}`}
          onClick={() => void confirmar(u, u.activo ? 'deshabilitar' : 'habilitar')}
          data-testid={`usuario-${u.activo ? 'deshabilitar' : 'habilitar'}-${u.documento}`}
        />
      </div>
    );

  return (
    <section
      className="settings-card usuarios-empresa"
      aria-labelledby="usuarios-title"
      data-testid="usuarios-empresa"
    >
      <div className="usuarios-header">
        <h2 id="usuarios-title">{USUARIOS_EMPRESA_MSG.usuariosEmpresaTitle}</h2>
        <Button
          type="button"
          size="small"
          icon="pi pi-user-plus"
          label={USUARIOS_EMPRESA_MSG.usuarioInvitar}
          onClick={() => setInviting(true)}
          data-testid="usuario-invitar"
        />
      </div>
      <p className="usuarios-help">{USUARIOS_EMPRESA_MSG.usuariosEmpresaHelp}</p>
      <DataTable
        value={usuarios.data ?? []}
        dataKey="id"
        loading={usuarios.isFetching}
        emptyMessage={USUARIOS_EMPRESA_MSG.usuariosEmpresaEmpty}
        responsiveLayout="stack"
        breakpoint="820px"
        stripedRows
        className="stack-table"
        data-testid="usuarios-table"
      >
        <Column
          field="nombre"
          header={USUARIOS_EMPRESA_MSG.usuarioNombre}
          body={(u: UsuarioEmpresa) => toTitleCase(u.nombre)}
        />
        <Column header={USUARIOS_EMPRESA_MSG.usuarioNumeroDocumento} body={documento} />
        <Column
          field="correo"
          header={USUARIOS_EMPRESA_MSG.usuarioCorreo}
          bodyStyle={{ overflowWrap: 'anywhere' }}
        />
        <Column header={USUARIOS_EMPRESA_MSG.usuarioRol} body={(u: UsuarioEmpresa) => rolLabel(u.rol)} />
        <Column
          header={USUARIOS_EMPRESA_MSG.usuarioEstado}
          body={(u: UsuarioEmpresa) => (
            <span className={u.activo ? 'usuario-estado activo' : 'usuario-estado inactivo'}>
              <i className={u.activo ? 'pi pi-check-circle' : 'pi pi-ban'} aria-hidden="true" />{' '}
              {u.activo ? USUARIOS_EMPRESA_MSG.usuarioActivo : USUARIOS_EMPRESA_MSG.usuarioInactivo}
            </span>
          )}
        />
        <Column
          header={USUARIOS_EMPRESA_MSG.usuarioUltimoIngreso}
          body={(u: UsuarioEmpresa) =>
            u.ultimoIngreso ? formatDiaHora(u.ultimoIngreso) : USUARIOS_EMPRESA_MSG.usuarioNunca
          }
        />
        <Column header={USUARIOS_EMPRESA_MSG.usuarioAcciones} body={acciones} />
      </DataTable>
      {inviting && (
        <InvitarUsuarioDialog
          visible={inviting}
          onHide={() => setInviting(false)}
          onSaved={(message) => {
            setInviting(false);
            void alerts.success(message);
            void refresh();
          }}
        />
      )}
    </section>
  );
}
