/*
 * flame_var_list_ember_v11.h - the Ember variations that read or set the
 * walker's colour coordinate (Ember's outPoint.m_ColorX; formulas and how
 * the walker hands them the colour in flame_var_ember_v11.h): those of
 * Ember's VariationsDC.h in its order, dc_bubble, dc_carpet, dc_cube,
 * dc_cylinder, dc_gridout, dc_linear, dc_triangle, dc_ztransl, randCubes,
 * pixel_flow (dc_perlin left out: Ember's simplex noise tables), and
 * Variations04.h's curl_sp (its colour move is Ember's flam3-compatible
 * mode, its default). Entries as in flame_var_list_flam3.h, names and
 * defaults Ember's (what its Precalc derives is not a parameter: worked
 * out in the formula).
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V11_H
#define FR_FLAME_VAR_LIST_EMBER_V11_H

#define FR_FLAME_VARS_EMBER_V11(VAR, PARAM) \
    VAR(DC_BUBBLE, "dc_bubble", APOPHYSIS, FR_VF_3D, \
      PARAM(DC_BUBBLE, CENTERX, "dc_bubble_centerx", 0.0, 0) \
      PARAM(DC_BUBBLE, CENTERY, "dc_bubble_centery", 0.0, 0) \
      PARAM(DC_BUBBLE, SCALE, "dc_bubble_scale", 1.0, 0)) \
    VAR(DC_CARPET, "dc_carpet", APOPHYSIS, 0, \
      PARAM(DC_CARPET, ORIGIN, "dc_carpet_origin", 0.0, 0)) \
    VAR(DC_CUBE, "dc_cube", APOPHYSIS, FR_VF_SUM | FR_VF_3D, \
      PARAM(DC_CUBE, C1, "dc_cube_c1", 0.0, 0) \
      PARAM(DC_CUBE, C2, "dc_cube_c2", 0.0, 0) \
      PARAM(DC_CUBE, C3, "dc_cube_c3", 0.0, 0) \
      PARAM(DC_CUBE, C4, "dc_cube_c4", 0.0, 0) \
      PARAM(DC_CUBE, C5, "dc_cube_c5", 0.0, 0) \
      PARAM(DC_CUBE, C6, "dc_cube_c6", 0.0, 0) \
      PARAM(DC_CUBE, X, "dc_cube_x", 1.0, 0) \
      PARAM(DC_CUBE, Y, "dc_cube_y", 1.0, 0) \
      PARAM(DC_CUBE, Z, "dc_cube_z", 1.0, 0)) \
    VAR(DC_CYLINDER, "dc_cylinder", APOPHYSIS, FR_VF_3D, \
      PARAM(DC_CYLINDER, OFFSET, "dc_cylinder_offset", 0.0, 0) \
      PARAM(DC_CYLINDER, ANGLE, "dc_cylinder_angle", 0.0, 0) \
      PARAM(DC_CYLINDER, SCALE, "dc_cylinder_scale", 0.5, 0) \
      PARAM(DC_CYLINDER, X, "dc_cylinder_x", 0.125, 0) \
      PARAM(DC_CYLINDER, Y, "dc_cylinder_y", 0.125, 0) \
      PARAM(DC_CYLINDER, BLUR, "dc_cylinder_blur", 1.0, 0)) \
    VAR(DC_GRIDOUT, "dc_gridout", APOPHYSIS, 0, ) \
    VAR(DC_LINEAR, "dc_linear", APOPHYSIS, FR_VF_3D, \
      PARAM(DC_LINEAR, OFFSET, "dc_linear_offset", 0.0, 0) \
      PARAM(DC_LINEAR, ANGLE, "dc_linear_angle", 0.0, 0) \
      PARAM(DC_LINEAR, SCALE, "dc_linear_scale", 1.0, 0)) \
    VAR(DC_TRIANGLE, "dc_triangle", APOPHYSIS, FR_VF_3D, \
      PARAM(DC_TRIANGLE, SCATTER_AREA, "dc_triangle_scatter_area", 0.0, 0) \
      PARAM(DC_TRIANGLE, ZERO_EDGES, "dc_triangle_zero_edges", 0.0, 0)) \
    VAR(DC_ZTRANSL, "dc_ztransl", APOPHYSIS, FR_VF_3D, \
      PARAM(DC_ZTRANSL, X0, "dc_ztransl_x0", 0.0, 0) \
      PARAM(DC_ZTRANSL, X1, "dc_ztransl_x1", 1.0, 0) \
      PARAM(DC_ZTRANSL, FACTOR, "dc_ztransl_factor", 1.0, 0) \
      PARAM(DC_ZTRANSL, OVERWRITE, "dc_ztransl_overwrite", 1.0, 0) \
      PARAM(DC_ZTRANSL, CLAMP, "dc_ztransl_clamp", 0.0, 0)) \
    VAR(RAND_CUBES, "randCubes", JWILDFIRE, FR_VF_SUM | FR_VF_3D, \
      PARAM(RAND_CUBES, BLOCKSIZE, "randCubes_blockSize", 1.0, 0) \
      PARAM(RAND_CUBES, BLOCKHEIGHT, "randCubes_blockHeight", 1.0, 0) \
      PARAM(RAND_CUBES, SPREAD, "randCubes_spread", 3.0, 0) \
      PARAM(RAND_CUBES, SEED, "randCubes_seed", 1.0, 0) \
      PARAM(RAND_CUBES, DENSITY, "randCubes_density", 1.0, 0)) \
    VAR(PIXEL_FLOW, "pixel_flow", JWILDFIRE, 0, \
      PARAM(PIXEL_FLOW, ANGLE, "pixel_flow_angle", 90.0, 0) \
      PARAM(PIXEL_FLOW, LEN, "pixel_flow_len", 0.1, 0) \
      PARAM(PIXEL_FLOW, WIDTH, "pixel_flow_width", 200.0, 0) \
      PARAM(PIXEL_FLOW, SEED, "pixel_flow_seed", 42.0, 0) \
      PARAM(PIXEL_FLOW, ENABLE_DC, "pixel_flow_enable_dc", 0.0, 0)) \
    VAR(CURL_SP, "curl_sp", APOPHYSIS, FR_VF_3D, \
      PARAM(CURL_SP, POW, "curl_sp_pow", 1.0, 0) \
      PARAM(CURL_SP, C1, "curl_sp_c1", 0.0, 0) \
      PARAM(CURL_SP, C2, "curl_sp_c2", 0.0, 0) \
      PARAM(CURL_SP, SX, "curl_sp_sx", 0.0, 0) \
      PARAM(CURL_SP, SY, "curl_sp_sy", 0.0, 0) \
      PARAM(CURL_SP, DC, "curl_sp_dc", 0.0, 0))

#endif
