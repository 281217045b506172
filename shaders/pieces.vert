#version 330
// Instanced pieces (and any lit mesh).  One instance = one piece.
// Meshes have flat (per-face) normals and the lights are directional, so the
// lighting is the same at every vertex of a face: it is computed here, once per
// vertex, for both sides of the face (the fragment shader picks by facing).
uniform mat4 m_vp;          // projection * view (world -> clip)
uniform vec3 m_light;       // direction towards the key light (world, normalised)
uniform float m_ambient;
uniform float m_alpha_pow;  // translucent colours: a -> 1 - (1 - a)^m_alpha_pow (2 when back faces are culled)

in vec3 in_position;        // mesh vertex, local units: base at z = 0, one cell = 1
in vec3 in_normal;
in vec4 in_offset;          // xyz: world position of the base; w: scale, its sign = facing along y
in vec4 in_color;           // rgba, a = opacity

flat out vec4 v_front;      // lit colour seen from the front of the face
flat out vec4 v_back;       // lit colour seen from behind it

float light(vec3 n) {
    float key = max(dot(n, m_light), 0.0);
    float fill = max(dot(n, normalize(vec3(-0.6, 0.3, 0.5))), 0.0) * 0.35;
    float top = 0.15 * max(n.z, 0.0);
    return m_ambient + (1.0 - m_ambient) * key + fill + top;
}

void main() {
    float s = abs(in_offset.w);
    float f = in_offset.w < 0.0 ? -1.0 : 1.0;
    vec3 p = in_position * s;
    p.x *= f;               // turn the mesh half-way round (x and y flipped = rotation by 180 degrees)
    p.y *= f;
    vec3 n = in_normal;
    n.x *= f;
    n.y *= f;
    n = normalize(n);
    float a = in_color.a < 1.0 ? 1.0 - pow(1.0 - in_color.a, m_alpha_pow) : in_color.a;
    // faded (translucent) pieces: flatter shading, so their dark faces do not vanish on the background
    float flat_mix = in_color.a < 1.0 ? 0.45 : 0.0;
    v_front = vec4(in_color.rgb * mix(light(n), 1.0, flat_mix), a);
    v_back = vec4(in_color.rgb * mix(light(-n), 1.0, flat_mix), a);
    gl_Position = m_vp * vec4(in_offset.xyz + p, 1.0);
}
