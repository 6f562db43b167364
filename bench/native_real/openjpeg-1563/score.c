/* Scoring PoC (written for the bench, never shown to crashfix): color_sycc_to_rgb on sYCC images of
 * small geometries, each given as  w0 h0 x0 y0 w12 h12  (component 0's size and the image origin,
 * the chroma components' size), subsampled as argv[1] says (420: dx = dy = 2; 422: dx = 2).
 * Prints a checksum of the RGB result per geometry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "openjpeg.h"
#include "color.h"

static long convert(int dy, unsigned w0, unsigned h0, unsigned x0, unsigned y0, unsigned w12, unsigned h12)
{
    opj_image_cmptparm_t p[3];
    memset(p, 0, sizeof p);
    for (int c = 0; c < 3; c++) {
        p[c].w = c ? w12 : w0;
        p[c].h = c ? h12 : h0;
        p[c].dx = c ? 2 : 1;
        p[c].dy = c ? dy : 1;
        p[c].prec = 8;
    }
    opj_image_t *img = opj_image_create(3, p, OPJ_CLRSPC_SYCC);
    if (!img)
        return -1;
    img->x0 = x0;
    img->y0 = y0;
    img->x1 = x0 + w0;
    img->y1 = y0 + h0;
    for (int c = 0; c < 3; c++) {
        size_t n = (size_t)img->comps[c].w * img->comps[c].h;
        for (size_t i = 0; i < n; i++)
            img->comps[c].data[i] = (int)((i * (c ? 11u + c : 37u) + 5u) % 256u);
    }
    color_sycc_to_rgb(img);
    long sum = 0;
    for (int c = 0; c < 3; c++) {
        size_t n = (size_t)img->comps[c].w * img->comps[c].h;
        for (size_t i = 0; i < n; i++)
            sum = (sum * 31 + img->comps[c].data[i]) % 1000000007L;
    }
    printf("%ux%u@%u,%u/%ux%u: %ux%u %s %ld\n", w0, h0, x0, y0, w12, h12, img->comps[1].w, img->comps[1].h,
           img->color_space == OPJ_CLRSPC_SRGB ? "srgb" : "sycc", sum);
    opj_image_destroy(img);
    return sum;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    int dy = strcmp(argv[1], "420") == 0 ? 2 : 1;
    for (int a = 2; a + 5 < argc; a += 6)
        convert(dy, atoi(argv[a]), atoi(argv[a + 1]), atoi(argv[a + 2]), atoi(argv[a + 3]), atoi(argv[a + 4]),
                atoi(argv[a + 5]));
    return 0;
}
