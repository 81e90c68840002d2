import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  readonly label: string;
  readonly to: string;
}

/**
 * Where a page sits: links to the pages above it, then its own name. Where the line is too short (a
 * phone), whole crumbs move to the next line rather than their words breaking around a separator.
 */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  return (
    <Breadcrumb.Root>
      <Breadcrumb.List flexWrap="wrap" rowGap="1">
        {trail.map((crumb) => (
          <Fragment key={crumb.to}>
            <Breadcrumb.Item>
              <Breadcrumb.Link asChild>
                <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
              </Breadcrumb.Link>
            </Breadcrumb.Item>
            <Breadcrumb.Separator />
          </Fragment>
        ))}
        <Breadcrumb.Item>
          <Breadcrumb.CurrentLink>{current}</Breadcrumb.CurrentLink>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
